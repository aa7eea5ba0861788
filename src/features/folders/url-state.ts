/** The selected folder lives in ?folder=<id>, beside the top-bar search ?q=. */
export const FOLDER_PARAM = 'folder';

export function withFolder(params: URLSearchParams, folderId: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (folderId) next.set(FOLDER_PARAM, folderId);
  else next.delete(FOLDER_PARAM);
  return next;
}
