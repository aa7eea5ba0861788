import type { Context } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { creativeInput, type CreativeInputData } from '@domain/schemas/creative';
import { parseInput } from '@domain/schemas/validate';
import type { AppEnv, Deps } from '@server/http/context';
import { readUpload, type UploadedFile } from '@server/media/upload';

/**
 * The submit / edit form: a multipart body with `data` (JSON of the form) and an optional `media`
 * file, streamed to a temp file first. `handle` gets the valid form; whatever happens — an invalid
 * form, a refused or corrupt file, a missing creative, a failed write — the temp file is removed
 * when it returns (after a success it has already been moved into place).
 */
export async function withCreativeForm<T>(
  c: Context<AppEnv>,
  deps: Deps,
  options: { mediaRequired: boolean },
  handle: (input: CreativeInputData, file: UploadedFile | null) => Promise<T>,
): Promise<T> {
  const { fields, file } = await readUpload(c, deps.media.store);
  if (file) deps.ops.metrics?.countUpload(file.size);
  try {
    const input = parseForm(fields);
    if (options.mediaRequired && !file) {
      throw new AppError('VALIDATION', { message: MSG.mediaRequired, fields: { media: MSG.mediaRequired } });
    }
    return await handle(input, file);
  } finally {
    if (file) await deps.media.store.discardTemp(file.tempPath);
  }
}

function parseForm(fields: Record<string, string>): CreativeInputData {
  let data: unknown;
  try {
    data = JSON.parse(fields.data ?? '');
  } catch {
    throw new AppError('VALIDATION');
  }
  return parseInput(creativeInput, data);
}

/** A multipart body with one `media` file (required), streamed to a temp file that is removed when `handle` returns. */
export async function withUploadedMedia<T>(c: Context<AppEnv>, deps: Deps, handle: (file: UploadedFile) => Promise<T>): Promise<T> {
  const { file } = await readUpload(c, deps.media.store);
  if (!file) throw new AppError('VALIDATION', { message: MSG.mediaRequired, fields: { media: MSG.mediaRequired } });
  try {
    return await handle(file);
  } finally {
    await deps.media.store.discardTemp(file.tempPath);
  }
}
