import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { AplSnapshot } from '../../../../api/contract/index.ts';
import { plural, t } from '../../i18n/index.ts';
import { ApiError, api, messageOf } from '../../lib/api.ts';
import { MIN_BASE_PRICE, PLAYER_ROLES } from '../../../../engine/leagueRules.ts';
import { roleName } from './Tables.tsx';

export type Problem = { message: string; rows: { row: number; message: string }[] };

/** A refused call in words (the server's, translated by its code); each bad row keeps the server's English, translated where shown. */
export const toProblem = (e: unknown): Problem => {
  if (!(e instanceof ApiError)) return { message: t('Server error'), rows: [] };
  const rows = (e.details?.rows as Problem['rows'] | undefined) ?? [];
  return {
    message:
      e.status === 403 ? t('Only admins can set up leagues.') : messageOf(e, t('Something went wrong. Try again.')),
    rows,
  };
};

/** A refusal in words; with several bad rows, each one. `rowLabel` null: a one-row form, so no row number. */
export const ProblemBox = ({ problem, rowLabel = null }: { problem: Problem | null; rowLabel?: string | null }) => {
  if (!problem) return null;
  const [first] = problem.rows;
  const rowLine = (row: number, message: string) =>
    t('{label} {row}: {message}', { label: t(rowLabel ?? 'Row'), row, message: t(message) });
  const lead =
    problem.rows.length > 1
      ? plural(
          problem.rows.length,
          '{n} row needs fixing. Nothing was saved.',
          '{n} rows need fixing. Nothing was saved.',
        )
      : first
        ? rowLabel
          ? rowLine(first.row, first.message)
          : t(first.message)
        : problem.message;
  return (
    <div className="apl-error-box" role="alert">
      <p>{lead}</p>
      {problem.rows.length > 1 && (
        <ul>
          {problem.rows.map((r) => (
            <li key={r.row}>{rowLine(r.row, r.message)}</li>
          ))}
        </ul>
      )}
    </div>
  );
};

type Saved = (snapshot: AplSnapshot) => void;

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <label className="apl-field">
    <span>{t(label)}</span>
    {children}
  </label>
);

const usePost = (onSaved: Saved) => {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const post = async (path: string, body: unknown): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await api<AplSnapshot>(path, { body }));
      return true;
    } catch (e) {
      setProblem(toProblem(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, post };
};

/** Uploads a CSV file's text; the server checks every row and saves all or none. */
export const CsvUpload = ({
  code,
  kind,
  columns,
  onSaved,
}: {
  code: string;
  kind: 'teams' | 'players';
  columns: string;
  onSaved: Saved;
}) => {
  const file = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, post } = usePost(onSaved);
  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    if (await post(`/api/admin/leagues/${code}/import`, { kind, csv: await chosen.text() })) {
      setDone(t('{file} uploaded.', { file: chosen.name }));
      if (file.current) file.current.value = '';
    }
  };
  return (
    <form className="apl-csv" onSubmit={(e) => void upload(e)}>
      <Field label={kind === 'teams' ? 'Upload teams as CSV' : 'Upload players as CSV'}>
        <input ref={file} type="file" accept=".csv,text/csv" required />
        <small className="muted">
          {t('First line:')} <code translate="no">{columns}</code>
        </small>
      </Field>
      <button type="submit" className="btn btn-ghost btn-sm" disabled={busy}>
        {busy ? t('Uploading...') : kind === 'teams' ? t('Upload teams') : t('Upload players')}
      </button>
      {done && <p className="apl-ok">{done}</p>}
      <ProblemBox problem={problem} rowLabel="CSV row" />
    </form>
  );
};

export const TeamForm = ({ code, onSaved }: { code: string; onSaved: Saved }) => {
  const [form, setForm] = useState({ team_name: '', owner_email: '', points_budget: '1000', max_players: '7' });
  const { busy, problem, post } = usePost(onSaved);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const team = { ...form, points_budget: Number(form.points_budget), max_players: Number(form.max_players) };
    if (await post(`/api/admin/leagues/${code}/teams`, { teams: [team] }))
      setForm({ ...form, team_name: '', owner_email: '' });
  };
  return (
    <form className="apl-form apl-form--inline" onSubmit={(e) => void submit(e)}>
      <Field label="Team name">
        <input required maxLength={40} value={form.team_name} onChange={set('team_name')} />
      </Field>
      <Field label="Owner email">
        <input
          required
          type="email"
          value={form.owner_email}
          onChange={set('owner_email')}
          placeholder="member1@vetrideals.in"
        />
      </Field>
      <Field label="Points budget">
        <input
          required
          type="number"
          min={MIN_BASE_PRICE}
          step={1}
          value={form.points_budget}
          onChange={set('points_budget')}
        />
      </Field>
      <Field label="Max players">
        <input
          required
          type="number"
          min={1}
          max={30}
          step={1}
          value={form.max_players}
          onChange={set('max_players')}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {busy ? t('Saving...') : t('Add Team')}
      </button>
      <ProblemBox problem={problem} />
    </form>
  );
};

export const PlayerForm = ({ code, onSaved }: { code: string; onSaved: Saved }) => {
  const [form, setForm] = useState({ name: '', role: 'Batter', base_price: String(MIN_BASE_PRICE) });
  const { busy, problem, post } = usePost(onSaved);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const player = { ...form, base_price: Number(form.base_price) };
    if (await post(`/api/admin/leagues/${code}/players`, { players: [player] })) setForm({ ...form, name: '' });
  };
  return (
    <form className="apl-form apl-form--inline" onSubmit={(e) => void submit(e)}>
      <Field label="Player name">
        <input required maxLength={60} value={form.name} onChange={set('name')} />
      </Field>
      <Field label="Role">
        <select value={form.role} onChange={set('role')}>
          {PLAYER_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Base price">
        <input
          required
          type="number"
          min={MIN_BASE_PRICE}
          step={1}
          value={form.base_price}
          onChange={set('base_price')}
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {busy ? t('Saving...') : t('Add Player')}
      </button>
      <ProblemBox problem={problem} />
    </form>
  );
};

const ROLES = PLAYER_ROLES;
/** Each role's quota box, named for screen readers (whole sentences, so each language words its own plural). */
const MOST_PER_TEAM: Record<(typeof PLAYER_ROLES)[number], string> = {
  Batter: 'Most batters per team',
  Bowler: 'Most bowlers per team',
  'All-rounder': 'Most all-rounders per team',
  'Wicket-keeper': 'Most wicket-keepers per team',
};

/** The most players of each role a team may buy; an empty box means no limit. The engine checks it on every bid. */
export const RoleQuotasForm = ({
  code,
  quotas,
  onSaved,
}: {
  code: string;
  quotas: Record<string, number>;
  onSaved: (snapshot: AplSnapshot) => void;
}) => {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(ROLES.map((r) => [r, quotas[r] === undefined ? '' : String(quotas[r])])),
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    const chosen: Record<string, number> = {};
    for (const role of ROLES) {
      const text = values[role]?.trim() ?? '';
      if (text === '') continue;
      if (!/^\d+$/.test(text)) {
        setProblem({
          message: t('{role}: enter a whole number, or leave it empty for no limit.', { role: roleName(role) }),
          rows: [],
        });
        return;
      }
      chosen[role] = Number(text);
    }
    setBusy(true);
    try {
      onSaved(
        await api<AplSnapshot>(`/api/admin/leagues/${code}/role-quotas`, { method: 'PUT', body: { quotas: chosen } }),
      );
      setSaved(true);
    } catch (e) {
      setProblem(toProblem(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="apl-form apl-quotas" onSubmit={(e) => void submit(e)} data-testid="role-quotas">
      <p className="apl-hint">{t('The most players of each role one team may buy. Leave a box empty for no limit.')}</p>
      <div className="apl-quota-grid">
        {ROLES.map((role) => (
          <label key={role}>
            {roleName(role)}
            <input
              inputMode="numeric"
              value={values[role] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [role]: e.target.value }))}
              aria-label={t(MOST_PER_TEAM[role])}
            />
          </label>
        ))}
      </div>
      <ProblemBox problem={problem} />
      {saved && <p role="status">{t('Role limits saved.')}</p>}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {t('Save role limits')}
      </button>
    </form>
  );
};
