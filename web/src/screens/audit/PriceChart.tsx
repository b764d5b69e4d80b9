import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { formatTime } from '../../lib/format.ts';

/** A point on the chart: a bid (with its bidder) or a starting price (no bidder). */
export interface ChartPoint {
  at: number;
  value: number;
  who: { id: string; name: string } | null;
  /** Points of one group are joined by a step line (a room has one group; a league, one per player). */
  group: string;
  label: string;
}

export const PALETTE = [
  '#0f7b6c',
  '#d1495b',
  '#e09f1f',
  '#30638e',
  '#6a4c93',
  '#00798c',
  '#6b8f23',
  '#b5523b',
  '#1982c4',
  '#5f6b6d',
];

/** Colour per bidder, in order of first appearance. */
export const colourMap = (points: readonly ChartPoint[]): Map<string, string> => {
  const map = new Map<string, string>();
  for (const p of points) if (p.who && !map.has(p.who.id)) map.set(p.who.id, PALETTE[map.size % PALETTE.length]!);
  return map;
};

const PAD = { left: 72, right: 16, top: 16, bottom: 34 };
const NARROW = '(max-width: 600px)';

/** A narrower drawing on phones, so the labels stay readable when the chart is scaled down. */
const useNarrow = () => {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
};

/**
 * Price over time as an SVG step chart: one marker per bid in its bidder's colour, a line at the
 * playhead, and everything after the playhead faded.
 */
export const PriceChart = ({
  points,
  from,
  to,
  now,
  format,
  title,
}: {
  points: readonly ChartPoint[];
  from: number;
  to: number;
  now: number;
  format: (value: number) => string;
  title: string;
}) => {
  const narrow = useNarrow();
  const W = narrow ? 380 : 720;
  const H = narrow ? 250 : 260;
  if (points.length === 0) return <p className="table-state">{t('No deals were placed in this stream.')}</p>;
  const colours = colourMap(points);
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = Math.max(1, max - min);
  const range = Math.max(1, to - from);
  const x = (t: number) => PAD.left + ((Math.min(Math.max(t, from), to) - from) / range) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - ((v - min) / span) * (H - PAD.top - PAD.bottom);
  const groups = new Map<string, ChartPoint[]>();
  for (const p of points) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
  const path = (ps: ChartPoint[], until: number) =>
    ps
      .filter((p) => p.at <= until)
      .map((p, i, all) => {
        const next = all[i + 1];
        const end = next ? next.at : Math.min(until, to);
        return `${i === 0 ? 'M' : 'L'}${x(p.at).toFixed(1)},${y(p.value).toFixed(1)} H${x(end).toFixed(1)}`;
      })
      .join(' ');
  const legend = [...colours.entries()].map(([id, colour]) => ({
    id,
    colour,
    name: points.find((p) => p.who?.id === id)!.who!.name,
    count: points.filter((p) => p.who?.id === id).length,
  }));
  return (
    <figure className="price-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-testid="price-chart">
        <line className="axis" x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
        <line className="axis" x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} />
        {[min, min + span / 2, max].map((v) => (
          <g key={v}>
            <line className="grid" x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
            <text className="tick" x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
              {format(Math.round(v))}
            </text>
          </g>
        ))}
        <text className="tick" x={PAD.left} y={H - 10}>
          {formatTime(from)}
        </text>
        <text className="tick" x={W - PAD.right} y={H - 10} textAnchor="end">
          {formatTime(to)}
        </text>
        {[...groups.values()].map((ps) => (
          <g key={ps[0]!.group}>
            <path className="line line--future" d={path(ps, to)} />
            <path className="line" d={path(ps, now)} />
          </g>
        ))}
        {points.map((p, i) =>
          p.who ? (
            <circle
              key={i}
              cx={x(p.at)}
              cy={y(p.value)}
              r={5}
              fill={colours.get(p.who.id)}
              className={p.at > now ? 'marker is-future' : 'marker'}
            >
              <title>{p.label}</title>
            </circle>
          ) : null,
        )}
        <line className="playhead" x1={x(now)} x2={x(now)} y1={PAD.top} y2={H - PAD.bottom} />
      </svg>
      <figcaption className="chart-legend">
        {legend.map((l) => (
          <span key={l.id}>
            <i style={{ background: l.colour }} aria-hidden="true" />
            <span translate="no">{l.name}</span> ({l.count})
          </span>
        ))}
      </figcaption>
    </figure>
  );
};
