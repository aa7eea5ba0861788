import fsp from 'node:fs/promises';
import type { Context } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { creativeInput, type CreativeInputData } from '@domain/schemas/creative';
import { parseInput } from '@domain/schemas/validate';
import type { AppEnv, Deps } from '@server/http/context';
import { readUpload, type UploadedFile } from '@server/media/upload';

/**
 * The submit / edit form: a multipart body with `data` (JSON of the form) and an optional `media`
 * file. The file is streamed to a temp file first; if the form is invalid, it is removed.
 */
export async function readCreativeForm(
  c: Context<AppEnv>,
  deps: Deps,
  options: { mediaRequired: boolean },
): Promise<{ input: CreativeInputData; file: UploadedFile | null }> {
  const { fields, file } = await readUpload(c, deps.media);
  if (file) deps.metrics?.countUpload(file.size);
  try {
    let data: unknown;
    try {
      data = JSON.parse(fields.data ?? '');
    } catch {
      throw new AppError('VALIDATION');
    }
    const input = parseInput(creativeInput, data);
    if (options.mediaRequired && !file) {
      throw new AppError('VALIDATION', { message: MSG.mediaRequired, fields: { media: MSG.mediaRequired } });
    }
    return { input, file };
  } catch (err) {
    if (file) await fsp.rm(file.tempPath, { force: true });
    throw err;
  }
}
