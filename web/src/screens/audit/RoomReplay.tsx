import { roomPricePoints, roomAt } from '../../../../engine/replay.ts';
import type { RoomEvent, RoomState } from '../../../../engine/room.ts';
import { roomDecider } from '../../../../engine/room.ts';
import { t } from '../../i18n/index.ts';
import { formatCountdown, formatRupees, formatTime } from '../../lib/format.ts';
import type { ChartPoint } from './PriceChart.tsx';
import { PriceChart } from './PriceChart.tsx';
import type { ReplayViewProps } from './ReplayPage.tsx';
import { ReplayPage } from './ReplayPage.tsx';

const STATUS: Record<RoomState['status'], string> = {
  none: '—',
  upcoming: 'Upcoming',
  running: 'Running',
  ended: 'Deal Ended',
  cancelled: 'Cancelled: not enough participants',
};

/** "Winner B at ₹510.00, until 11:30 am" or "Runner-up 1, C at ₹509.00, until 12:30 pm". */
const offerLine = (o: { userName: string; price: number; place: number; deadline: number }) =>
  `${o.place === 0 ? 'Winner' : `Runner-up ${o.place},`} ${o.userName} at ${formatRupees(o.price)}, until ${formatTime(o.deadline)}`;

const RoomView = ({ code, events, state, final, time, times }: ReplayViewProps<RoomState>) => {
  const snap = roomAt(state, time);
  const price = roomPricePoints(events);
  const points: ChartPoint[] = price.map((p) => ({
    at: p.at,
    value: p.price,
    who: p.bidder && { id: p.bidder.userId, name: p.bidder.userName },
    group: 'room',
    label: p.bidder
      ? t('#{seq} {name}: {price} at {time}', {
          seq: p.seq,
          name: p.bidder.userName,
          price: formatRupees(p.price),
          time: formatTime(p.at, { ms: true }),
        })
      : t('Start: {price}', { price: formatRupees(p.price) }),
  }));
  const end = final.status === 'ended' ? Math.max(final.ended.at, price.at(-1)?.at ?? 0) : times[times.length - 1]!;
  const rules = final.status === 'none' ? null : final.rules;

  return (
    <>
      <section className="card replay-state" aria-label={t('The room at this moment')} data-testid="replay-state">
        <h2>{t('The room at this moment')}</h2>
        <dl className="replay-facts">
          <div>
            <dt>{t('Status')}</dt>
            <dd data-testid="replay-status">{snap.status === 'none' ? '—' : t(STATUS[snap.status])}</dd>
          </div>
          <div>
            <dt>{t('Current deal')}</dt>
            <dd data-testid="replay-price">{snap.price === null ? '—' : formatRupees(snap.price)}</dd>
          </div>
          <div>
            <dt>{snap.status === 'ended' ? t('Winner') : t('Highest deal by')}</dt>
            <dd data-testid="replay-leader">
              {(snap.winner ?? snap.leader) ? (
                <span translate="no">{(snap.winner ?? snap.leader)!.userName}</span>
              ) : (
                t('No deals yet')
              )}
            </dd>
          </div>
          <div>
            <dt>{snap.status === 'upcoming' ? t('Starts in') : t('Time left')}</dt>
            <dd data-testid="replay-time-left">{snap.timeLeftMs === null ? '—' : formatCountdown(snap.timeLeftMs)}</dd>
          </div>
          <div>
            <dt>{t('Deals placed')}</dt>
            <dd>{snap.bids}</dd>
          </div>
          {snap.offer && (
            <div>
              <dt>Purchase offer</dt>
              <dd data-testid="replay-offer">
                {offerLine(snap.offer)}
                {snap.sale === 'bought' ? ': bought' : snap.sale === 'unsold' ? ': window closed, unsold' : ''}
              </dd>
            </div>
          )}
        </dl>
        <h3>{t('Attempts used')}</h3>
        {snap.attempts.length === 0 ? (
          <p className="muted">{t('Nobody has pre-booked yet.')}</p>
        ) : (
          <table className="data-table attempts-table" data-testid="replay-attempts">
            <thead>
              <tr>
                <th scope="col">{t('Member')}</th>
                <th scope="col">{t('Used')}</th>
                <th scope="col">{t('Remaining')}</th>
              </tr>
            </thead>
            <tbody>
              {snap.attempts.map((a) => (
                <tr key={a.userId} className={snap.leader?.userId === a.userId ? 'is-leader' : undefined}>
                  <td translate="no">{a.userName}</td>
                  <td>
                    <span className="attempt-bar" aria-hidden="true">
                      <i style={{ width: `${(a.used / (snap.maxAttempts ?? 1)) * 100}%` }} />
                    </span>
                    {a.used}
                  </td>
                  <td>{a.remaining}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card replay-chart" aria-label={t('Price over time')}>
        <h2>{t('Price over time')}</h2>
        {rules && price.length > 0 ? (
          <PriceChart
            points={points}
            from={price[0]!.at}
            to={end}
            now={time}
            format={(v) => formatRupees(v, { whole: true })}
            title={t('Deals in room {code} from {price}, each by its bidder', {
              code,
              price: formatRupees(rules.basePrice),
            })}
          />
        ) : (
          <p className="table-state">{t('The deal never started, so there is no price to chart.')}</p>
        )}
      </section>
    </>
  );
};

const memberNames = (final: RoomState) =>
  new Map(final.status === 'none' ? [] : final.bookings.map((b) => [b.userId, b.userName]));

/** /admin/rooms/:code/replay: a deal room's history, step by step, folded in the browser with the engine's evolve. */
export const RoomReplay = () => (
  <ReplayPage<RoomEvent, RoomState>
    kind="room"
    decider={roomDecider}
    lead={(first) => (first?.data as { product?: { name?: string } } | undefined)?.product?.name}
    live={{ to: (code) => `/auction/${code}`, label: 'Room page' }}
    memberNames={memberNames}
    View={RoomView}
  />
);
