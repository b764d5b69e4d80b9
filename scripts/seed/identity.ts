import { randomBytes } from 'node:crypto';
import { referralDecider } from '../../engine/referral.ts';
import type { Role } from '../../engine/user.ts';
import { referralByCode } from '../../projections/referrals.ts';
import { userByEmail } from '../../projections/users.ts';
import { referralStream, registerMember } from '../../api/auth/identity.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Deps } from '../../api/deps.ts';

/** Demo members (password `Member@123`), listed in the README. member1–6 have full access; the last is waitlisted. */
export const DEMO_MEMBERS = [
  { name: 'Arun Kumar', email: 'member1@vetrideals.in', district: 'Chennai', phone: '9840012345', dob: '1990-04-12' },
  {
    name: 'Priya Ramesh',
    email: 'member2@vetrideals.in',
    district: 'Coimbatore',
    phone: '9894023456',
    dob: '1993-08-25',
  },
  {
    name: 'Karthik Subramanian',
    email: 'member3@vetrideals.in',
    district: 'Madurai',
    phone: '9443034567',
    dob: '1988-01-30',
  },
  {
    name: 'Divya Lakshmi',
    email: 'member4@vetrideals.in',
    district: 'Thanjavur',
    phone: '9787045678',
    dob: '1995-11-05',
  },
  {
    name: 'Senthil Murugan',
    email: 'member5@vetrideals.in',
    district: 'Tiruchirappalli',
    phone: '9655056789',
    dob: '1985-06-17',
  },
  { name: 'Meena Sundaram', email: 'member6@vetrideals.in', district: 'Salem', phone: '9003067890', dob: '1992-02-09' },
] as const;
export const DEMO_WAITLISTED = {
  name: 'Vignesh Raja',
  email: 'waitlist@vetrideals.in',
  district: 'Tiruvarur',
  phone: '9176078901',
  dob: '1997-09-14',
};
export const DEMO_PASSWORD = 'Member@123';
export const AUDITOR = { name: 'Lakshmi Narayanan (Auditor)', email: 'auditor@vetrideals.in', password: 'Auditor@123' };
export const DEMO_REFERRALS = [
  { code: 'VETRI1', name: 'Vetri Deals Team' },
  { code: 'TNJ001', name: 'Thanjavur Traders Association' },
  { code: 'TVR001', name: 'Thiruvarur Friends Circle' },
] as const;

const ensureUser = async (
  deps: Deps,
  person: { name: string; email: string; district: string; phone: string; dob: string },
  password: string,
  role: Role,
  referralCode: string | null,
) => {
  if (userByEmail(deps.readDb, person.email)) return;
  await registerMember(
    deps,
    { ...person, passwordHash: await hashPassword(password), referralCode, role },
    { actor: 'system', trusted: true },
  );
};

/** Referral codes, the admin, the auditor and the demo members. Safe to run again. */
export const seedIdentity = async (deps: Deps): Promise<void> => {
  const now = deps.clock.now();
  for (const r of DEMO_REFERRALS) {
    if (referralByCode(deps.readDb, r.code)) continue;
    await handleCommand(
      deps.commands,
      referralStream(r.code),
      referralDecider,
      { type: 'CreateReferral', data: { code: r.code, name: r.name, createdBy: 'system', now } },
      { actor: 'system', now, commandId: `seed-referral-${r.code}` },
    );
  }
  const adminEmail = deps.config.ADMIN_EMAIL.toLowerCase();
  if (!userByEmail(deps.readDb, adminEmail)) {
    const password = deps.config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
    await ensureUser(
      deps,
      { name: 'Vetri Admin', email: adminEmail, district: 'Thanjavur', phone: '9840000001', dob: '1980-01-01' },
      password,
      'admin',
      null,
    );
    if (!deps.config.ADMIN_PASSWORD) {
      deps.log.warn(
        `Seeded admin ${adminEmail} with generated password: ${password} (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    }
  }
  await ensureUser(
    deps,
    { name: AUDITOR.name, email: AUDITOR.email, district: 'Chennai', phone: '9840000002', dob: '1982-03-03' },
    AUDITOR.password,
    'auditor',
    null,
  );
  for (const m of DEMO_MEMBERS) await ensureUser(deps, m, DEMO_PASSWORD, 'member', 'VETRI1');
  await ensureUser(deps, DEMO_WAITLISTED, DEMO_PASSWORD, 'member', null);
};
