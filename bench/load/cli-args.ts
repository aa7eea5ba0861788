/** The benchmarks' numeric options: a number of at least `min`, or an error naming the option. */
export function num(v: string | undefined, name: string, min = 1): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return n;
}
