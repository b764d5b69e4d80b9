import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { useSessionStore } from '../../stores/session.ts';

/** "Replay" for admins and auditors (room lists, room pages); nothing for anyone else. */
export const ReplayLink = ({ code, kind = 'room' }: { code: string; kind?: 'room' | 'league' }) => {
  const staff = useSessionStore((s) => s.user?.role === 'admin' || s.user?.role === 'auditor');
  if (!staff) return null;
  return (
    <Link
      className="btn btn-ghost btn-sm"
      to={kind === 'room' ? `/admin/rooms/${code}/replay` : `/admin/leagues/${code}/replay`}
      data-testid={`replay-link-${code}`}
    >
      {t('Replay')}
    </Link>
  );
};
