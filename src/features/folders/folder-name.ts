import { folderInput } from '../../../domain/schemas/folder';

/** The trimmed folder name, or the schema's message (MSG.folderNameRequired, the length limit). */
export function parseFolderName(raw: string): { ok: true; name: string } | { ok: false; error: string } {
  const parsed = folderInput.safeParse({ name: raw });
  return parsed.success ? { ok: true, name: parsed.data.name } : { ok: false, error: parsed.error.issues[0]?.message ?? '' };
}
