import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { useSessionStore } from '../../stores/session.ts';

/**
 * "Replay" for admins and auditors (room lists, room pages); nothing for anyone else. With a
 * `revision`, the replay opens at that event of the stream (a moment named by the integrity review).
 */
export const ReplayLink = ({
  code,
  kind = 'room',
  revision,
  label,
}: {
  code: string;
  kind?: 'room' | 'league';
  revision?: number;
  label?: string;
}) => {
  const staff = useSessionStore((s) => s.user?.role === 'admin' || s.user?.role === 'auditor');
  if (!staff) return null;
  const base = kind === 'room' ? `/admin/rooms/${code}/replay` : `/admin/leagues/${code}/replay`;
  return (
    <Link
      className="btn btn-ghost btn-sm"
      to={revision === undefined ? base : `${base}?event=${revision}`}
      data-testid={revision === undefined ? `replay-link-${code}` : `replay-link-${code}-${revision}`}
    >
      {label === undefined ? t('Replay') : label}
    </Link>
  );
};
