import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';

/** Size and SHA-256 of a file, read as a stream (media files can be large). */
export async function digestFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * A file written line by line, hashed as it is written, that waits when the disk falls behind
 * (so a million rows never pile up in memory).
 */
export class HashedLineWriter {
  private readonly stream: fs.WriteStream;
  private readonly hash = crypto.createHash('sha256');
  private bytes = 0;

  constructor(file: string) {
    this.stream = fs.createWriteStream(file, { flags: 'wx' });
  }

  async writeLine(text: string): Promise<void> {
    const chunk = Buffer.from(`${text}\n`, 'utf8');
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async close(): Promise<{ size: number; sha256: string }> {
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    return { size: this.bytes, sha256: this.hash.digest('hex') };
  }

  /** Closes the file after a failure, without hiding the original error. */
  abort(): void {
    this.stream.destroy();
  }
}
