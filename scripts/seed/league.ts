import type { Admin, PlayerInput, TeamInput } from '../../engine/league.ts';
import { leagueCode } from '../../engine/league.ts';
import { leagueByCode } from '../../projections/league.ts';
import { userByEmail } from '../../projections/users.ts';
import type { Deps } from '../../api/deps.ts';
import { runLeague } from '../../api/league/commands.ts';

export const DEMO_LEAGUE = { code: leagueCode('CDPL26'), name: 'Cauvery Delta Premier League 2026' };

/** Four teams owned by demo members 1–4 (members 5 and 6 watch in view-only mode). */
export const DEMO_TEAMS = [
  { name: 'Thanjavur Temple Tigers', ownerEmail: 'member1@vetrideals.in' },
  { name: 'Kaveri Kings', ownerEmail: 'member2@vetrideals.in' },
  { name: 'Vaigai Warriors', ownerEmail: 'member3@vetrideals.in' },
  { name: 'Marina Mavericks', ownerEmail: 'member4@vetrideals.in' },
] as const;

export const DEMO_TEAM_BUDGET = 1000;
export const DEMO_SQUAD_SIZE = 7;

export const DEMO_PLAYERS: PlayerInput[] = [
  { name: 'Karthikeyan Murali', role: 'Batter', basePrice: 100 },
  { name: 'Dinesh Babu S', role: 'Bowler', basePrice: 90 },
  { name: 'Ashwath Raman', role: 'Wicket-keeper', basePrice: 80 },
  { name: 'Praveen Thangaraj', role: 'All-rounder', basePrice: 80 },
  { name: 'Vignesh Elango', role: 'Bowler', basePrice: 70 },
  { name: 'Surya Prakash N', role: 'All-rounder', basePrice: 60 },
  { name: 'Manikandan Ravi', role: 'All-rounder', basePrice: 60 },
  { name: 'Gokul Krishnan', role: 'Batter', basePrice: 50 },
  { name: 'Balaji Venkatesan', role: 'Bowler', basePrice: 50 },
  { name: 'Harish Chandran', role: 'Batter', basePrice: 50 },
  { name: 'Naveen Selvam', role: 'Bowler', basePrice: 50 },
  { name: 'Ramkumar Palanisamy', role: 'Batter', basePrice: 40 },
  { name: 'Aravind Subbiah', role: 'Wicket-keeper', basePrice: 40 },
  { name: 'Sathish Kannan', role: 'Bowler', basePrice: 40 },
  { name: 'Mohan Raj K', role: 'Batter', basePrice: 40 },
  { name: 'Prasanna Venkat', role: 'Wicket-keeper', basePrice: 35 },
  { name: 'Yuvaraj Durai', role: 'Batter', basePrice: 35 },
  { name: 'Jeevan Anbalagan', role: 'Bowler', basePrice: 35 },
  { name: 'Saravanan Muthu', role: 'Bowler', basePrice: 35 },
  { name: 'Kishore Annamalai', role: 'Batter', basePrice: 30 },
  { name: 'Bharath Ilango', role: 'All-rounder', basePrice: 30 },
  { name: 'Vetrivel Senthil', role: 'All-rounder', basePrice: 30 },
  { name: 'Ajay Ganesan', role: 'All-rounder', basePrice: 30 },
  { name: 'Lokesh Pandian', role: 'Wicket-keeper', basePrice: 30 },
  { name: 'Deepak Rajendran', role: 'Bowler', basePrice: 30 },
  { name: 'Siddharth Iyer', role: 'Batter', basePrice: 30 },
];

const SYSTEM_ADMIN: Admin = { userId: 'system', role: 'admin' };

/** The demo league in set-up, ready for the admin to start: four teams, 26 players (invented names). Safe to run again. */
export const seedLeague = async (deps: Deps): Promise<void> => {
  const { code, name } = DEMO_LEAGUE;
  const existing = leagueByCode(deps.readDb, code);
  if (existing?.teamsCount && existing.playersCount) return;
  const teams: TeamInput[] = DEMO_TEAMS.flatMap((t) => {
    const owner = userByEmail(deps.readDb, t.ownerEmail);
    if (!owner) {
      deps.log.warn(`demo league: no member ${t.ownerEmail}, team ${t.name} skipped`);
      return [];
    }
    return [
      {
        name: t.name,
        ownerUserId: owner.id,
        ownerName: owner.name,
        budget: DEMO_TEAM_BUDGET,
        maxPlayers: DEMO_SQUAD_SIZE,
      },
    ];
  });
  const run = (id: string, command: Parameters<typeof runLeague>[3]) =>
    runLeague(deps, code, 'system', command, `seed-league-${code}-${id}`);
  if (!existing) await run('create', (now) => ({ type: 'CreateLeague', data: { code, name, by: SYSTEM_ADMIN, now } }));
  if (!existing?.teamsCount)
    await run('teams', (now) => ({ type: 'AddTeams', data: { teams, by: SYSTEM_ADMIN, now } }));
  if (!existing?.playersCount) {
    await run('players', (now) => ({ type: 'AddPlayers', data: { players: DEMO_PLAYERS, by: SYSTEM_ADMIN, now } }));
  }
};
