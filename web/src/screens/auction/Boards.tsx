import { useMemo } from 'react';
import { t } from '../../i18n/index.ts';
import { formatRupees, formatTime } from '../../lib/format.ts';
import { selectLeaderboard, selectParticipantRows, useLiveRoomStore } from '../../stores/liveRoom.ts';

/** A member's name (data: not translated), with "(You)" in the language shown for my own rows. */
const you = (name: string, isMe: boolean) => (
  <>
    <span translate="no">{name}</span>
    {isMe ? ` ${t('(You)')}` : ''}
  </>
);

/** Deals leaderboard: rank, user, deal amount, time (12-hour with milliseconds, India time). */
export const Leaderboard = ({
  myId,
  testId,
  compact = false,
}: {
  myId: string | null;
  testId?: string;
  compact?: boolean;
}) => {
  const history = useLiveRoomStore((s) => s.history);
  const rows = useMemo(() => selectLeaderboard({ history }), [history]);
  if (rows.length === 0) return <p className="auction-empty">{t('No deals yet.')}</p>;
  return (
    <div className="vd-table-wrap">
      <table className="vd-data-table auction-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('Rank')}</th>
            <th scope="col">{t('User')}</th>
            <th scope="col" className="num">
              {compact ? t('Amount') : t('Deal amount')}
            </th>
            <th scope="col">{t('Time')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.seq} className={b.user_id === myId ? 'is-me' : undefined}>
              <td>{b.rank}</td>
              <td>{you(b.username, b.user_id === myId)}</td>
              <td className="num">{formatRupees(b.bid_amount)}</td>
              <td className="auction-time">{formatTime(b.created_at_ms, { ms: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** Participants' deals: user, attempts used and remaining. */
export const ParticipantsTable = ({ myId, testId }: { myId: string | null; testId?: string }) => {
  const participants = useLiveRoomStore((s) => s.participants);
  const bidCounts = useLiveRoomStore((s) => s.bidCounts);
  const userMap = useLiveRoomStore((s) => s.userMap);
  const maxAttempts = useLiveRoomStore((s) => s.maxAttempts);
  const rows = useMemo(
    () => selectParticipantRows({ participants, bidCounts, userMap, maxAttempts }),
    [participants, bidCounts, userMap, maxAttempts],
  );
  if (rows.length === 0) return <p className="auction-empty">{t('Nobody has pre-booked yet.')}</p>;
  return (
    <div className="vd-table-wrap">
      <table className="vd-data-table auction-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('User')}</th>
            <th scope="col" className="num">
              {t('Used')}
            </th>
            <th scope="col" className="num">
              {t('Remaining')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.userId} className={p.userId === myId ? 'is-me' : undefined}>
              <td>{you(p.username, p.userId === myId)}</td>
              <td className="num">{p.used}</td>
              <td className="num">{p.remaining}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
