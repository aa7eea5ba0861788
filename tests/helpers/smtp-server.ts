import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the test's SMTP server, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The raw message as received (headers and MIME parts). */
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or createMailer({ smtpUrl }). */
  url: string;
  /** Every mail received so far, in order. */
  messages: ReceivedMail[];
  /** The first mail (already received or still to come) that matches; rejects after timeoutMs. */
  next(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (smtp-server, no TLS, no auth) that keeps what it receives. */
export async function startSmtpServer(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            messages.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw: raw.toString('utf8'),
            });
            for (const wake of waiters) wake();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp sink: no port');

  function next(match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 5_000): Promise<ReceivedMail> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(onMail);
        resolve(found);
        return true;
      };
      const onMail = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(onMail);
        reject(new Error(`smtp sink: no matching mail within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      if (!check()) waiters.add(onMail);
    });
  }

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The addresses of a parsed header (mailparser gives one object or a list). */
export function addressesOf(header: AddressObject | AddressObject[] | undefined): string[] {
  const list = header ? (Array.isArray(header) ? header : [header]) : [];
  return list.flatMap((h) => h.value.map((v) => v.address ?? ''));
}
