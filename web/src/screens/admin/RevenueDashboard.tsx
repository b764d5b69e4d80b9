import { useEffect, useMemo, useState } from 'react';
import type { RevenueMetric, RevenueReport } from '../../../../api/contract/admin.ts';
import { currentLocale, t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { Notice } from '../../ui/kit.tsx';

/** Every figure's name as admins read it (English; shown through `t()`). */
const LABELS: Record<RevenueMetric, string> = {
  deposits: 'Wallet top-ups',
  fees_collected: 'Entry fees paid',
  fees_refunded: 'Entry fees refunded',
  fees_to_reward: 'Fees turned into reward cash',
  fees_kept: 'Entry fees earned (winners)',
  reward_credited: 'Reward cash credited',
  reward_spent: 'Reward cash spent in the shop',
  withdrawals: 'Withdrawals',
  withdrawals_returned: 'Withdrawals returned',
  purchases: 'Won deals bought',
  shop_sales: 'Shop sales',
};
/** The figures on cards, in the order a business reads them: what came in, then what went back. */
const CARDS: RevenueMetric[] = ['fees_kept', 'purchases', 'shop_sales', 'deposits', 'fees_refunded', 'withdrawals'];
const CHART_METRICS: RevenueMetric[] = [
  'fees_kept',
  'purchases',
  'shop_sales',
  'deposits',
  'withdrawals',
  'reward_credited',
];

const W = 720;
const H = 220;
const PAD = { left: 8, right: 8, top: 12, bottom: 28 };

const shortPeriod = (p: string, period: 'day' | 'month') => {
  const d = new Date(`${period === 'day' ? p : `${p}-01`}T00:00:00Z`);
  return new Intl.DateTimeFormat(currentLocale(), {
    timeZone: 'UTC',
    ...(period === 'day' ? { day: 'numeric', month: 'short' } : { month: 'short', year: '2-digit' }),
  }).format(d);
};

/** Bars of one figure per day or month, with every value also in the table below for screen readers. */
const BarChart = ({ report, metric }: { report: RevenueReport; metric: RevenueMetric }) => {
  const values = report.series.map((s) => s.values[metric]);
  const max = Math.max(1, ...values);
  const slot = (W - PAD.left - PAD.right) / Math.max(1, values.length);
  const labelEvery = Math.ceil(values.length / 8);
  return (
    <svg
      className="revenue-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t(report.period === 'day' ? '{figure} per day, highest {max}' : '{figure} per month, highest {max}', {
        figure: t(LABELS[metric]),
        max: formatRupees(max),
      })}
      data-testid="revenue-chart"
    >
      {values.map((v, i) => {
        const h = ((H - PAD.top - PAD.bottom) * v) / max;
        const x = PAD.left + i * slot;
        const period = report.series[i]!.period;
        return (
          <g key={period}>
            <rect
              x={x + slot * 0.15}
              y={H - PAD.bottom - h}
              width={slot * 0.7}
              height={Math.max(v > 0 ? 1 : 0, h)}
              className="revenue-bar"
            >
              <title>{`${shortPeriod(period, report.period)}: ${formatRupees(v)}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={x + slot / 2} y={H - 8} textAnchor="middle" className="revenue-axis">
                {shortPeriod(period, report.period)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
};

const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/**
 * The top of /admin: money in and out per day or month with a chart, and what the business owes
 * members (wallet cash, reward cash, fees held in rooms). Every figure is a fold of the event log
 * (`projections/revenue.ts`), checked against an independent fold in the tests.
 */
export const RevenueDashboard = () => {
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const [range, setRange] = useState({ from: '', to: '' });
  const [metric, setMetric] = useState<RevenueMetric>('fees_kept');
  const [report, setReport] = useState<RevenueReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const q = new URLSearchParams({ period });
    if (range.from) q.set('from', range.from);
    if (range.to) q.set('to', range.to);
    setError(null);
    api<RevenueReport>(`/api/admin/revenue?${q.toString()}`, { signal: controller.signal })
      .then(setReport)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(e, t('Could not load the figures.')));
      });
    return () => controller.abort();
  }, [period, range]);

  const csvRange = useMemo(() => {
    if (!report) return '';
    return `?from=${report.from.slice(0, 10)}&to=${report.to.slice(0, 10)}`;
  }, [report]);

  return (
    <section className="card admin-panel revenue" aria-labelledby="revenue-title">
      <div className="admin-panel-head">
        <h2 id="revenue-title">{t('Money')}</h2>
        <div className="button-row" role="group" aria-label={t('Group by')}>
          {(['day', 'month'] as const).map((p) => (
            <button
              key={p}
              type="button"
              className={`btn btn-sm ${period === p ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={period === p}
              onClick={() => {
                setPeriod(p);
                setRange({ from: '', to: '' });
              }}
            >
              {p === 'day' ? t('Days') : t('Months')}
            </button>
          ))}
        </div>
      </div>
      <div className="room-filters">
        <div className="vd-form-field">
          <label htmlFor="revenue-from">{t('From')}</label>
          <input
            id="revenue-from"
            type="date"
            max={todayIst()}
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
        </div>
        <div className="vd-form-field">
          <label htmlFor="revenue-to">{t('To')}</label>
          <input
            id="revenue-to"
            type="date"
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
        <a className="btn btn-ghost btn-sm" href={`/api/admin/wallet-transactions.csv${csvRange}`} download>
          {t('Wallet transactions CSV')}
        </a>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {!report && !error && <p className="table-state">{t('Loading the figures…')}</p>}
      {report && (
        <>
          <p className="muted" data-testid="revenue-range">
            {shortPeriod(report.from.slice(0, report.period === 'day' ? 10 : 7), report.period)} –{' '}
            {shortPeriod(report.to.slice(0, report.period === 'day' ? 10 : 7), report.period)}
          </p>
          <div className="revenue-cards">
            {CARDS.map((m) => (
              <div key={m} className="stat-card card" data-testid={`revenue-${m}`}>
                <span className="stat-label">{t(LABELS[m])}</span>
                <strong className="revenue-value">{formatRupees(report.totals[m])}</strong>
              </div>
            ))}
          </div>
          <h3>{t('Owed to members now')}</h3>
          <div className="revenue-cards">
            <div className="stat-card card" data-testid="liability-wallet_cash">
              <span className="stat-label">{t('Wallet cash')}</span>
              <strong className="revenue-value">{formatRupees(report.liabilities.wallet_cash)}</strong>
            </div>
            <div className="stat-card card" data-testid="liability-reward_outstanding">
              <span className="stat-label">{t('Reward cash not yet spent')}</span>
              <strong className="revenue-value">{formatRupees(report.liabilities.reward_outstanding)}</strong>
            </div>
            <div className="stat-card card" data-testid="liability-fees_in_escrow">
              <span className="stat-label">{t('Entry fees held in rooms')}</span>
              <strong className="revenue-value">{formatRupees(report.liabilities.fees_in_escrow)}</strong>
            </div>
          </div>
          <div className="vd-form-field revenue-metric">
            <label htmlFor="revenue-metric">{t('Chart')}</label>
            <select id="revenue-metric" value={metric} onChange={(e) => setMetric(e.target.value as RevenueMetric)}>
              {CHART_METRICS.map((m) => (
                <option key={m} value={m}>
                  {t(LABELS[m])}
                </option>
              ))}
            </select>
          </div>
          <BarChart report={report} metric={metric} />
          <details className="revenue-table">
            <summary>{report.period === 'day' ? t('Every figure per day') : t('Every figure per month')}</summary>
            <div className="table-scroll">
              <table className="data-table" data-testid="revenue-table">
                <thead>
                  <tr>
                    <th scope="col">{report.period === 'day' ? t('Day') : t('Month')}</th>
                    {(Object.keys(LABELS) as RevenueMetric[]).map((m) => (
                      <th key={m} scope="col">
                        {t(LABELS[m])}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.series.map((s) => (
                    <tr key={s.period}>
                      <th scope="row">{shortPeriod(s.period, report.period)}</th>
                      {(Object.keys(LABELS) as RevenueMetric[]).map((m) => (
                        <td key={m}>{formatRupees(s.values[m])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
};
