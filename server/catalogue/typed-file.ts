import fs from 'node:fs';
import path from 'node:path';

/** The typed arrays a file of this kind holds. */
export type TypedArray = Uint32Array | Int32Array | Float64Array;

const KINDS = { u32: Uint32Array, i32: Int32Array, f64: Float64Array } as const;
type Kind = keyof typeof KINDS;

const MAGIC = 'CRTQTYP1';
/** Magic (8 bytes), the header's length (4), padding (4); then the header, then each array at an 8-byte boundary. */
const PREAMBLE = 16;

const kindOf = (array: TypedArray): Kind => (array instanceof Float64Array ? 'f64' : array instanceof Int32Array ? 'i32' : 'u32');
const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;
const bytesOf = (array: TypedArray) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/**
 * Writes a JSON header and a list of typed arrays to `file`, whole or not at all: into a temporary
 * file of this process first, flushed to disk, then renamed over `file` (two processes saving at once
 * leave one whole file).
 */
export function writeTypedFile(file: string, header: unknown, arrays: readonly TypedArray[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const json = Buffer.from(JSON.stringify({ header, arrays: arrays.map((a) => [kindOf(a), a.length]) }));
  const preamble = Buffer.alloc(PREAMBLE);
  preamble.write(MAGIC, 0, 'latin1');
  preamble.writeUInt32LE(json.length, 8);
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w');
  try {
    const zeros = Buffer.alloc(8);
    const write = (bytes: Uint8Array) => {
      fs.writeSync(fd, bytes);
      if (bytes.byteLength % 8) fs.writeSync(fd, zeros, 0, 8 - (bytes.byteLength % 8));
    };
    fs.writeSync(fd, preamble);
    write(json);
    for (const array of arrays) write(bytesOf(array));
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  fs.renameSync(temp, file);
}

/**
 * Reads what writeTypedFile wrote: the header, and each array read from the file straight into its
 * own memory (no copy of the whole file). Throws on a damaged file.
 */
export function readTypedFile(file: string): { header: unknown; arrays: TypedArray[] } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const readExactly = (into: Uint8Array, position: number) => {
      if (position + into.byteLength > size) throw new Error(`${file} : fichier tronqué`);
      for (let done = 0; done < into.byteLength;) {
        const n = fs.readSync(fd, into, done, into.byteLength - done, position + done);
        if (n === 0) throw new Error(`${file} : fichier tronqué`);
        done += n;
      }
    };
    const preamble = Buffer.alloc(PREAMBLE);
    readExactly(preamble, 0);
    if (preamble.toString('latin1', 0, 8) !== MAGIC) throw new Error(`${file} : format inconnu`);
    const json = Buffer.alloc(preamble.readUInt32LE(8));
    readExactly(json, PREAMBLE);
    const { header, arrays } = JSON.parse(json.toString('utf8')) as { header: unknown; arrays: [Kind, number][] };
    let offset = PREAMBLE + padded(json.length);
    const read = arrays.map(([kind, length]) => {
      const array = new KINDS[kind](length);
      readExactly(bytesOf(array), offset);
      offset += padded(array.byteLength);
      return array;
    });
    if (offset !== size) throw new Error(`${file} : longueur inattendue`);
    return { header, arrays: read };
  } finally {
    fs.closeSync(fd);
  }
}
