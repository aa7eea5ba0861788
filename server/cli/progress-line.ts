/** Where a long command stands: how much is done of how much, since when (performance.now() milliseconds). */
export interface Progress {
  done: number;
  total: number;
  elapsedMs: number;
}

const BAR_WIDTH = 24;
export const number = (n: number) => n.toLocaleString('fr-FR');

/** 3 h 05 min, 4 min 10 s, 12 s: a duration the way a French reader says it. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(min).padStart(2, '0')} min`;
  if (min > 0) return `${min} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/**
 * One line of a progress bar: `[######------] 1 234 / 10 000 (12 %) · 3,4/s · reste 43 min 02 s`. The
 * rate is the average since the start; the time left is what remains at that rate (unknown until
 * something is done).
 */
export function progressLine({ done, total, elapsedMs }: Progress): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const rateText = `${rate.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}/s`;
  const left = done >= total ? 'terminé' : rate > 0 ? `reste ${formatDuration(((total - done) / rate) * 1000)}` : 'reste ?';
  return `${bar} ${number(done)} / ${number(total)} (${Math.floor(share * 100)} %) · ${rateText} · ${left}`;
}
