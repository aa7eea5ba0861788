import { outsideRequests } from './request-scope';

interface Waiting<Q, A> {
  question: Q;
  resolve: (answer: A) => void;
  reject: (err: unknown) => void;
}

/**
 * Lookups asked while the server reads a burst of requests, answered together: they queue until the
 * event loop's check phase (setImmediate, after the pending socket reads) and go to the database as
 * one statement per batch of at most `maxSize` (each question weighing `sizeOf`). Alone, a lookup
 * waits one loop turn; under load, one round trip — one write to the database's socket, one
 * statement to run — serves many requests instead of one each (docs/benchmarks.md).
 *
 * A batch runs outside every request's scope: it serves several, and no single request's deadline
 * or departure may cancel the others' answers.
 */
export class CoalescedLookups<Q, A> {
  private queue: Waiting<Q, A>[] = [];
  private scheduled = false;

  /**
   * `answerAll` answers a batch's questions in their order; `sizeOf` weighs a question (e.g. its
   * ids); a batch holds at most `maxSize` (a single heavier question goes alone).
   */
  constructor(
    private readonly answerAll: (questions: Q[]) => Promise<A[]>,
    private readonly sizeOf: (question: Q) => number,
    private readonly maxSize: number,
  ) {}

  ask(question: Q): Promise<A> {
    return new Promise((resolve, reject) => {
      this.queue.push({ question, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        outsideRequests(() => setImmediate(() => this.flush()));
      }
    });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    let batch: Waiting<Q, A>[] = [];
    let size = 0;
    for (const waiting of queue) {
      const weight = this.sizeOf(waiting.question);
      if (batch.length && size + weight > this.maxSize) {
        void this.run(batch);
        batch = [];
        size = 0;
      }
      batch.push(waiting);
      size += weight;
    }
    if (batch.length) void this.run(batch);
  }

  private async run(batch: Waiting<Q, A>[]): Promise<void> {
    try {
      const answers = await this.answerAll(batch.map((w) => w.question));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
}
