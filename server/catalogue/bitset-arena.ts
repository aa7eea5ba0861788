import { popcount32, type Bits } from './bitset';
import { popcountKernel, wasm, type WasmMemory } from './popcount-wasm';

/**
 * Bitsets of one size laid out in a WebAssembly memory, so that `countAnd` of two of them runs the
 * `i64.popcnt` kernel of popcount-wasm.ts (~10× the JavaScript loop at 1M creatives). Each set takes
 * a whole number of 64-bit words (the padding stays zero). Bitsets outside the arena are counted in
 * JavaScript.
 */
export class BitsetArena {
  private readonly memory: WasmMemory;
  private readonly kernel: (a: number, b: number, bytes: number) => number;
  private readonly stride: number;

  constructor(
    readonly words: number,
    readonly sets: number,
  ) {
    this.stride = Math.ceil(words / 2) * 8;
    const pages = Math.max(1, Math.ceil((this.stride * sets) / 65_536));
    this.memory = new wasm.Memory({ initial: pages, maximum: pages });
    this.kernel = popcountKernel(this.memory);
  }

  /** The `k`-th bitset of the arena (zero until written). */
  set(k: number): Bits {
    if (k < 0 || k >= this.sets) throw new RangeError(`bitset ${k} hors de l'arène (${this.sets})`);
    return new Uint32Array(this.memory.buffer, k * this.stride, this.words);
  }

  /** |a ∧ b|. */
  countAnd(a: Bits, b: Bits): number {
    const buffer = this.memory.buffer;
    if (a.buffer === buffer && b.buffer === buffer && a.length === this.words && b.length === this.words) {
      return this.kernel(a.byteOffset, b.byteOffset, this.stride);
    }
    let n = 0;
    for (let w = 0; w < a.length; w++) {
      const x = a[w]! & b[w]!;
      if (x !== 0) n += popcount32(x);
    }
    return n;
  }

  get bytes(): number {
    return this.memory.buffer.byteLength;
  }
}
