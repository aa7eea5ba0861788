import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, VIDEO_MAX_BYTES } from './limits';
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

/** A file of an accepted type whose content cannot be decoded (truncated, corrupt, not what its header says). */
export function unreadableMessage(kind: MediaType): string {
  return kind === 'image' ? MSG.imageUnreadable : MSG.videoUnreadable;
}

/** A picture (an image, or a video's frame) over IMAGE_MAX_PIXELS or IMAGE_MAX_SIDE. */
export function dimensionsMessage(kind: MediaType): string {
  return kind === 'image' ? MSG.imageDimensionsTooLarge : MSG.videoDimensionsTooLarge;
}

/** Whether a picture of this size may be decoded (domain/limits.ts). */
export function withinPictureLimits(width: number, height: number): boolean {
  return width > 0 && height > 0 && width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE && width * height <= IMAGE_MAX_PIXELS;
}

/** The message for a picked file, or null when it may be uploaded (the server checks again by magic bytes). */
export function mediaProblem(file: { type: string; size: number }): string | null {
  const accepted = acceptedMedia(file.type);
  if (!accepted) return MSG.mediaInvalidType;
  if (file.size > MAX_BYTES[accepted.kind]) return tooLargeMessage(accepted.kind);
  return null;
}
