import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { CountBucket } from '@domain/types';
import { formatPercent } from '../format';

const BAR_HEIGHT = 30;
const AXES_HEIGHT = 56;

/**
 * One category as horizontal bars (value → number of creatives, with its share at the bar's end).
 * recharts lives only in this module, loaded lazily by BreakdownCard. Hidden from assistive
 * technologies: the card's table says the same.
 */
export default function BreakdownChart({ category, buckets }: { category: string; buckets: CountBucket[] }) {
  // No-break spaces: recharts wraps a label at its spaces when the bar leaves it little room (narrow screens).
  const data = buckets.map((b) => ({ ...b, display: `${b.count}\u00a0·\u00a0${formatPercent(b.percent)}` }));
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: data.length * BAR_HEIGHT + AXES_HEIGHT }}
      data={data}
      layout="vertical"
      margin={{ top: 4, right: 72, bottom: 20, left: 20 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} stroke="#e2e8f0" />
      <XAxis
        type="number"
        allowDecimals={false}
        // Headroom so the longest bar keeps room for its '15 · 57,7 %' label.
        domain={[0, (max: number) => Math.max(1, Math.ceil(max * 1.2))]}
        tick={{ fontSize: 12, fill: '#64748b' }}
        label={{ value: 'Nombre de créatives', position: 'insideBottom', offset: -12, fontSize: 12, fill: '#475569' }}
      />
      <YAxis
        type="category"
        dataKey="label"
        width={112}
        interval={0}
        tick={{ fontSize: 12, fill: '#334155' }}
        label={{ value: category, angle: -90, position: 'left', offset: 2, fontSize: 12, fill: '#475569' }}
      />
      <Tooltip
        cursor={{ fill: '#eef2ff' }}
        formatter={(value, _name, item) => [`${String(value)} (${formatPercent((item.payload as CountBucket).percent)})`, 'Créatives']}
      />
      <Bar dataKey="count" fill="#4f46e5" radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false}>
        <LabelList dataKey="display" position="right" fontSize={12} fill="#334155" />
      </Bar>
    </BarChart>
  );
}
