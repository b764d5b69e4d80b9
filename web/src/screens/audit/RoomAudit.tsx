import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { useSessionStore } from '../../stores/session.ts';
import { FairnessReceipt } from './FairnessReceipt.tsx';

/** Under a finished room: the fairness receipt for everyone, and for admins and auditors the replay. */
export const RoomAudit = ({ code }: { code: string }) => {
  const staff = useSessionStore((s) => s.user?.role === 'admin' || s.user?.role === 'auditor');
  return (
    <>
      {staff && (
        <p className="room-audit-links">
          <Link className="btn btn-ghost btn-sm" to={`/admin/rooms/${code}/replay`} data-testid="room-replay-link">
            {t('Replay this room')}
          </Link>
          <Link className="btn btn-ghost btn-sm" to={`/admin/streams?stream=room-${code}`}>
            {t('Stream and hash check')}
          </Link>
        </p>
      )}
      <FairnessReceipt code={code} />
    </>
  );
};
