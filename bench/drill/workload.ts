/**
 * The drill's users: signed-in clients that read, like, comment, file creatives into folders and
 * (agencies) upload, each one request at a time with a short pause, through a client-side balancer
 * over the instances. Every answer is recorded (when, what, status, Retry-After, French message,
 * how long), and every write the server acknowledged goes into a ledger checked afterwards.
 */
import sharp from 'sharp';
import { creativeForm, VALID_FORM } from '../../tests/helpers/creative-form';
import type { Instance } from './services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longer than the server's request deadline (REQUEST_DEADLINE_MS, 10 s): past it, a request has hung. */
export const CLIENT_TIMEOUT_MS = 15_000;

export type Kind = 'read' | 'like' | 'comment' | 'folder' | 'upload';

export interface Answer {
  at: number;
  kind: Kind;
  /** 0: no HTTP answer (connection refused or reset, or the client's timeout). */
  status: number;
  retryAfter: boolean;
  /** The JSON error's message, for a 4xx/5xx. */
  message: string | null;
  ms: number;
  error: string | null;
}

/** The last acknowledged state of each thing a client wrote, and what it cannot be sure of. */
export class Ledger {
  readonly comments: { id: string; creativeId: string }[] = [];
  readonly uploads: string[] = [];
  /** `userId|creativeId` → liked; `folderId|creativeId` → filed. */
  readonly likes = new Map<string, boolean>();
  readonly filed = new Map<string, boolean>();
  /** Keys whose last request got no answer: it may or may not have been applied. */
  readonly uncertain = new Set<string>();
}

interface Session {
  cookie: string;
  userId: string;
  folderId: string | null;
}

/** Routes each request to a live instance: the next one when a connection is refused, as a load balancer would. */
export class Balancer {
  private next = 0;
  constructor(private readonly instances: Instance[]) {}

  async fetch(pathname: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
    const start = this.next++ % this.instances.length;
    let last: unknown;
    for (let i = 0; i < this.instances.length; i++) {
      const origin = this.instances[(start + i) % this.instances.length]!.origin;
      try {
        const headers = new Headers(init.headers);
        headers.set('origin', origin);
        return await fetch(origin + pathname, { ...init, headers, signal: AbortSignal.timeout(init.timeoutMs ?? CLIENT_TIMEOUT_MS) });
      } catch (err) {
        last = err;
        if (!refused(err)) throw err;
      }
    }
    throw last;
  }
}

function refused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

export interface Workload {
  answers: Answer[];
  ledger: Ledger;
  stop(): Promise<void>;
}

export interface Cast {
  users: { email: string; password: string }[];
  agencies: { email: string; password: string }[];
  creativeIds: string[];
}

/** A few words people search for, some misspelt: reads the response cache has not seen. */
const SEARCHES = ['voiture', 'voitrue', 'café', 'banque', 'été', 'soldes', 'sport', 'parfum', 'mode', 'assurance', 'voyage', 'chocolat'];

/**
 * What paces the clients between two requests: by default each one thinks 100–300 ms; a soak shares
 * one rate among all of them (pacer()); a capacity run does not pause at all.
 */
export type Pace = () => Promise<void>;
const thinking: Pace = async () => {
  await sleep(100 + Math.random() * 200);
};

/** A shared pace of `perSecond` requests a second among the clients that wait on it (no burst to catch up). */
export function pacer(perSecond: number): Pace {
  const interval = 1000 / perSecond;
  let next = performance.now();
  return async () => {
    next = Math.max(next + interval, performance.now());
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
  };
}

/** Signs each client in and starts its loop; `stop()` ends the loops and waits for their last request. */
export async function startWorkload(balancer: Balancer, cast: Cast, t0: number, pace: Pace = thinking): Promise<Workload> {
  const answers: Answer[] = [];
  const ledger = new Ledger();
  let running = true;
  // One after the other: password hashing is deliberately slow, and the server refuses a burst of it.
  const sessions: Session[] = [];
  for (const account of [...cast.users, ...cast.agencies]) sessions.push(await signIn(balancer, account));
  for (const session of sessions.slice(0, cast.users.length)) session.folderId = await createFolder(balancer, session);

  const record = async (kind: Kind, send: () => Promise<Response>): Promise<{ ok: boolean; body: unknown }> => {
    const started = performance.now();
    const answer: Answer = { at: Date.now() - t0, kind, status: 0, retryAfter: false, message: null, ms: 0, error: null };
    let body: unknown = null;
    try {
      const res = await send();
      answer.status = res.status;
      answer.retryAfter = res.headers.has('retry-after');
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      if (!res.ok) answer.message = (body as { error?: { message?: string } } | null)?.error?.message ?? null;
    } catch (err) {
      answer.error =
        (err as Error).name === 'TimeoutError' ? 'timeout' : ((err as { cause?: { code?: string } }).cause?.code ?? String(err));
    }
    answer.ms = Math.round(performance.now() - started);
    answers.push(answer);
    return { ok: answer.status >= 200 && answer.status < 300, body };
  };

  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const userLoop = async (session: Session) => {
    while (running) {
      const creativeId = pick(cast.creativeIds);
      const roll = Math.random();
      const cookie = { cookie: session.cookie };
      if (roll < 0.5) {
        const url = pick([
          `/api/creatives?sort=recent`,
          `/api/creatives?sort=likes`,
          `/api/creatives/${creativeId}`,
          `/api/creatives/${creativeId}/comments`,
          `/api/creatives?q=${encodeURIComponent(pick(SEARCHES))}`,
        ]);
        await record('read', () => balancer.fetch(url, { headers: cookie }));
      } else if (roll < 0.7) {
        const key = `${session.userId}|${creativeId}`;
        const like = !ledger.likes.get(key);
        const { ok } = await record('like', () =>
          balancer.fetch(`/api/creatives/${creativeId}/like`, { method: like ? 'POST' : 'DELETE', headers: cookie }),
        );
        settle(ledger.likes, key, like, ok, ledger.uncertain);
      } else if (roll < 0.8) {
        const text = `Commentaire d'exercice ${Math.random().toString(36).slice(2, 8)}`;
        const { ok, body } = await record('comment', () =>
          balancer.fetch(`/api/creatives/${creativeId}/comments`, {
            method: 'POST',
            headers: { ...cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ text }),
          }),
        );
        if (ok) ledger.comments.push({ id: (body as { id: string }).id, creativeId });
      } else if (session.folderId) {
        const key = `${session.folderId}|${creativeId}`;
        const file = !ledger.filed.get(key);
        const { ok } = await record('folder', () =>
          balancer.fetch(`/api/folders/${session.folderId}/creatives/${creativeId}`, { method: file ? 'PUT' : 'DELETE', headers: cookie }),
        );
        settle(ledger.filed, key, file, ok, ledger.uncertain);
      }
      await pace();
    }
  };
  const agencyLoop = async (session: Session) => {
    while (running) {
      const form = await uploadForm();
      const { ok, body } = await record('upload', () =>
        balancer.fetch('/api/creatives', { method: 'POST', headers: { cookie: session.cookie }, body: form }),
      );
      if (ok) ledger.uploads.push((body as { id: string }).id);
      await sleep(1_000 + Math.random() * 1_000);
    }
  };
  const loops = [...sessions.slice(0, cast.users.length).map(userLoop), ...sessions.slice(cast.users.length).map(agencyLoop)];
  return {
    answers,
    ledger,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A toggle acknowledged sets the key's state; one without an answer leaves it uncertain until the next acknowledgement. */
function settle(states: Map<string, boolean>, key: string, wanted: boolean, ok: boolean, uncertain: Set<string>): void {
  if (ok) {
    states.set(key, wanted);
    uncertain.delete(key);
  } else uncertain.add(key);
}

export async function signIn(balancer: Balancer, account: { email: string; password: string }): Promise<Session> {
  const res = await balancer.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { user?: { id: string } };
  if (!res.ok || !body.user) throw new Error(`sign-in of ${account.email}: ${res.status} ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return { cookie, userId: body.user.id, folderId: null };
}

async function createFolder(balancer: Balancer, session: Session): Promise<string> {
  const res = await balancer.fetch('/api/folders', {
    method: 'POST',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Exercice ${session.userId.slice(0, 6)}` }),
  });
  if (!res.ok) throw new Error(`folder: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A creative to submit: the form's fields, and a small picture of its own colour (no duplicate warning). */
async function uploadForm(): Promise<FormData> {
  const colour = { r: rand255(), g: rand255(), b: rand255() };
  const png = await sharp({ create: { width: 64, height: 80, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const name = `Créa d'exercice ${colour.r}-${colour.g}-${colour.b}`;
  return creativeForm({ ...VALID_FORM, name, advertiser: 'Exercice SA' }, { bytes: png, name: 'exercice.png', type: 'image/png' });
}

const rand255 = () => Math.floor(Math.random() * 256);
