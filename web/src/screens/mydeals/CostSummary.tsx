import { t } from '../../i18n/index.ts';
import { formatRupees } from '../../lib/format.ts';
import type { MemberCosts } from '../../stores/rooms.ts';

type WonItem = MemberCosts['won'][number];

const WonItemLine = ({ item }: { item: WonItem }) => (
  <li className="cost-item" data-testid={`cost-item-${item.room_code}`}>
    <p className="cost-item-head">
      <strong translate="no">{item.product_name}</strong>{' '}
      <span className="muted">{t('Room {code}', { code: item.room_code })}</span>
    </p>
    <p className="cost-item-sum">
      {t('Entry fee {amount}', { amount: formatRupees(item.entry_fee) })}
      {item.paid === null ? '' : ` + ${t('paid {amount}', { amount: formatRupees(item.paid) })}`} −{' '}
      {t('winner’s bonus {amount}', { amount: formatRupees(item.winner_bonus) })} ={' '}
      <strong data-testid="cost-item-net">
        {item.paid === null ? `${t('so far')} ` : ''}
        {formatRupees(item.net_cost)}
      </strong>
    </p>
    <p className="cost-item-retail">
      {item.paid === null ? (
        <>
          {t('Not bought yet: final price {final} against a retail price of {retail}.', {
            final: formatRupees(item.final_price),
            retail: formatRupees(item.total_price),
          })}
        </>
      ) : (
        <span data-testid="cost-item-saving">
          {item.saving !== null && item.saving >= 0
            ? t('Retail price {retail}: you saved {amount}.', {
                retail: formatRupees(item.total_price),
                amount: formatRupees(item.saving),
              })
            : t('Retail price {retail}: it cost you {amount} more.', {
                retail: formatRupees(item.total_price),
                amount: formatRupees(-(item.saving ?? 0)),
              })}
        </span>
      )}
    </p>
  </li>
);

/**
 * "What it cost you" on My Deals: every entry fee paid and what became of it (refunded to cash,
 * turned into reward cash, kept for a room won, still held), reward cash received from rooms, and
 * each won item's net cost (fee kept + price paid − winner’s bonus) against its retail price.
 */
export const CostSummary = ({ costs }: { costs: MemberCosts }) => {
  if (costs.fees_paid === 0 && costs.won.length === 0) return null;
  const facts: [string, number, string][] = [
    ['Entry fees paid', costs.fees_paid, 'fees-paid'],
    ['Refunded to cash', costs.fees_refunded, 'fees-refunded'],
    ['Turned into reward cash', costs.fees_to_reward, 'fees-to-reward'],
    ['Winner’s bonuses', costs.winner_bonus, 'winner-bonus'],
    ['Reward cash from rooms', costs.reward_from_rooms, 'reward-from-rooms'],
  ];
  if (costs.fees_held > 0) facts.push(['Still held in rooms', costs.fees_held, 'fees-held']);
  return (
    <section className="cost-summary" aria-labelledby="cost-summary-title" data-testid="cost-summary">
      <h2 id="cost-summary-title">{t('What it cost you')}</h2>
      <dl className="vd-facts cost-facts">
        {facts.map(([label, amount, id]) => (
          <div className="vd-fact" key={id}>
            <dt>{t(label)}</dt>
            <dd data-testid={`cost-${id}`}>{formatRupees(amount)}</dd>
          </div>
        ))}
      </dl>
      {costs.won.length > 0 && (
        <>
          <h3 className="cost-won-title">{t('Items you won')}</h3>
          <ul className="cost-items">
            {costs.won.map((item) => (
              <WonItemLine key={item.room_code} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
};
