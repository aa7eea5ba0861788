import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from './limits';
import { MSG } from './messages';
import type { MediaType } from './vocabulary';

/** Accepted uploads (spec §5): JPG, PNG, WebP images; MP4, WebM, MOV videos. */
export const ACCEPTED_MEDIA: Record<string, { kind: MediaType; ext: string }> = {
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'video/mp4': { kind: 'video', ext: 'mp4' },
  'video/webm': { kind: 'video', ext: 'webm' },
  'video/quicktime': { kind: 'video', ext: 'mov' },
};

/** For the file picker's `accept` attribute. */
export const ACCEPT_ATTRIBUTE: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'video/quicktime': ['.mov'],
};

export const MAX_BYTES: Record<MediaType, number> = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES };

export function acceptedMedia(contentType: string | null | undefined) {
  return contentType ? (ACCEPTED_MEDIA[contentType.toLowerCase()] ?? null) : null;
}

export function tooLargeMessage(kind: MediaType): string {
  return kind === 'image' ? MSG.imageTooLarge : MSG.videoTooLarge;
}

/** The message for a picked file, or null when it may be uploaded (the server checks again by magic bytes). */
export function mediaProblem(file: { type: string; size: number }): string | null {
  const accepted = acceptedMedia(file.type);
  if (!accepted) return MSG.mediaInvalidType;
  if (file.size > MAX_BYTES[accepted.kind]) return tooLargeMessage(accepted.kind);
  return null;
}
