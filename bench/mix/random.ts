/** Seeded draws for bench:mix's URL list (bench/load/random.ts's generator): one seed, one list. */
import { seededRandom } from '../load/random';

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** In [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `n` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle([...items]).slice(0, n);
  }

  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** One of `choices`, each with its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let left = this.next() * total;
    for (const [value, w] of choices) if ((left -= w) < 0) return value;
    return choices[choices.length - 1]![0];
  }
}
