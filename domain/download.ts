const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export function extensionFor(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  return EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? null;
}

/** A safe file name from a creative's name: accents folded, only [a-z0-9-], never empty. */
export function sanitizeFileName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base || 'creative';
}

export function downloadFileName(name: string, contentType: string | null | undefined, fallbackExt = 'bin'): string {
  return `${sanitizeFileName(name)}.${extensionFor(contentType) ?? fallbackExt}`;
}
