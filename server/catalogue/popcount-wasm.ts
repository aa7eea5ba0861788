/**
 * `countAnd(a, b, bytes)`: the number of bits set in both of two bitsets of `bytes` bytes at byte
 * offsets `a` and `b` of a WebAssembly memory, 64 bits at a time with the `i64.popcnt` instruction —
 * JavaScript has no popcount, and counting the filter values of a large view is 55 such ANDs over
 * the whole catalogue (facet-bits.ts). The module is assembled here from its instructions:
 *
 *   (func (export "countAnd") (param $a i32) (param $b i32) (param $bytes i32) (result i32)
 *     (local $sum i64) (local $end i32)
 *     (local.set $end (i32.add (local.get $a) (local.get $bytes)))
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $a) (local.get $end)))
 *       (local.set $sum (i64.add (local.get $sum)
 *         (i64.popcnt (i64.and (i64.load (local.get $a)) (i64.load (local.get $b))))))
 *       (local.set $a (i32.add (local.get $a) (i32.const 8)))
 *       (local.set $b (i32.add (local.get $b) (i32.const 8)))
 *       (br 0)))
 *     (i32.wrap_i64 (local.get $sum)))
 *
 * with its memory imported as `env.memory`.
 */
/** The WebAssembly API of the runtime (the server's TypeScript libraries leave it untyped). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  Memory: new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
export const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const I32 = 0x7f;
const I64 = 0x7e;
const op = {
  block: 0x02,
  loop: 0x03,
  br: 0x0c,
  brIf: 0x0d,
  end: 0x0b,
  localGet: 0x20,
  localSet: 0x21,
  i64Load: 0x29,
  i32Const: 0x41,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i64Popcnt: 0x7b,
  i64Add: 0x7c,
  i64And: 0x83,
  i32WrapI64: 0xa7,
  voidBlock: 0x40,
} as const;

/** A section: its id, then its length (every section here is shorter than 128 bytes: one LEB128 byte). */
const section = (id: number, bytes: number[]) => [id, bytes.length, ...bytes];
const name = (text: string) => [text.length, ...Buffer.from(text)];
const [A, B, BYTES, SUM, END] = [0, 1, 2, 3, 4];

const body = [
  ...[2, 1, I64, 1, I32], // locals: $sum i64, $end i32
  ...[op.localGet, A, op.localGet, BYTES, op.i32Add, op.localSet, END],
  ...[op.block, op.voidBlock, op.loop, op.voidBlock],
  ...[op.localGet, A, op.localGet, END, op.i32GeU, op.brIf, 1],
  ...[op.localGet, SUM, op.localGet, A, op.i64Load, 3, 0, op.localGet, B, op.i64Load, 3, 0],
  ...[op.i64And, op.i64Popcnt, op.i64Add, op.localSet, SUM],
  ...[op.localGet, A, op.i32Const, 8, op.i32Add, op.localSet, A],
  ...[op.localGet, B, op.i32Const, 8, op.i32Add, op.localSet, B],
  ...[op.br, 0, op.end, op.end],
  ...[op.localGet, SUM, op.i32WrapI64, op.end],
];

const MODULE = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
  ...section(1, [1, 0x60, 3, I32, I32, I32, 1, I32]), // type 0: (i32, i32, i32) → i32
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]), // import env.memory (min 1 page)
  ...section(3, [1, 0]), // function 0 has type 0
  ...section(7, [1, ...name('countAnd'), 0x00, 0]), // export function 0
  ...section(10, [1, body.length, ...body]), // its code
]);

const compiled = new wasm.Module(MODULE);

/** `countAnd` bound to `memory`. */
export function popcountKernel(memory: WasmMemory): (a: number, b: number, bytes: number) => number {
  const instance = new wasm.Instance(compiled, { env: { memory } });
  return instance.exports.countAnd as (a: number, b: number, bytes: number) => number;
}
