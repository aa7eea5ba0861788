import zlib from 'node:zlib';

/**
 * Content-coding of the answers (issue 13): brotli or gzip chosen from the request's
 * `Accept-Encoding`, always with `Vary: Accept-Encoding`. Static files are compressed once at
 * build time (build/precompress.ts), the HTML page once at start-up, API JSON per answer (or once
 * per shared-cache entry, see json-responses.ts). Media (images, video) are already compressed and
 * never go through here.
 */
export type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than it costs (headers, CPU): the answer goes as is. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The coding to use for an `Accept-Encoding` header: brotli if accepted, else gzip, else none.
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

/**
 * How hard to compress: `fast` for an answer made for one request (brotli 1 / gzip 1: a 40 kB
 * gallery page in ~0.25 ms, to a quarter of its size), `stored` for one compressed once and sent
 * many times (a shared-cache entry), `max` for build time and the HTML page.
 */
export type Effort = 'fast' | 'stored' | 'max';

const BROTLI_QUALITY: Record<Effort, number> = { fast: 1, stored: 5, max: zlib.constants.BROTLI_MAX_QUALITY };
const GZIP_LEVEL: Record<Effort, number> = { fast: 1, stored: 6, max: 9 };

export function compress(body: string | Uint8Array, encoding: Encoding, effort: Effort): Uint8Array<ArrayBuffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  const out =
    encoding === 'br'
      ? zlib.brotliCompressSync(input, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
          },
        })
      : zlib.gzipSync(input, { level: GZIP_LEVEL[effort] });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>;
}

/** Adds `token` to a `Vary` header value unless it is already listed. */
export function withVary(current: string | null, token: string): string {
  if (!current) return token;
  const listed = current.split(',').map((t) => t.trim().toLowerCase());
  return listed.includes(token.toLowerCase()) || listed.includes('*') ? current : `${current}, ${token}`;
}

/** The body of a representation in a given coding, made once and kept. */
export class EncodedVariants {
  private readonly made = new Map<Encoding, Uint8Array<ArrayBuffer>>();

  constructor(
    private readonly identity: string | Uint8Array,
    private readonly effort: Effort,
  ) {}

  get(encoding: Encoding): Uint8Array<ArrayBuffer> {
    let body = this.made.get(encoding);
    if (!body) {
      body = compress(this.identity, encoding, this.effort);
      this.made.set(encoding, body);
    }
    return body;
  }
}
