import { deleteObject, getDownloadURL, ref, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import { acceptedMedia } from '@domain/media-rules';
import type { MediaType } from '@domain/vocabulary';
import type { UploadProgress } from '../types';

export interface StoredMedia {
  /** Download URL (with its token). */
  url: string;
  /** Object path in the bucket, kept on the creative to delete the file with it. */
  path: string;
  kind: MediaType;
  contentType: string;
}

/** Where creatives' media go: Cloud Storage in the app; tests may give another store. */
export interface MediaStore {
  upload(file: Blob & { name?: string }, options: { uploadedBy: string; onProgress?: (p: UploadProgress) => void }): Promise<StoredMedia>;
  remove(path: string): Promise<void>;
}

/** `creatives/{timestamp}-{random}.{ext}` (spec §7): never the user's file name. */
export function mediaPath(contentType: string, now: number = Date.now(), random: () => number = Math.random): string {
  const accepted = acceptedMedia(contentType);
  if (!accepted) throw new Error(`unsupported content type ${contentType}`);
  const token = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `creatives/${now}-${token}.${accepted.ext}`;
}

export function firebaseMediaStore(storage: FirebaseStorage): MediaStore {
  return {
    async upload(file, { uploadedBy, onProgress }) {
      const contentType = file.type.toLowerCase();
      const accepted = acceptedMedia(contentType);
      if (!accepted) throw new Error(`unsupported content type ${contentType}`);
      const now = Date.now();
      const path = mediaPath(contentType, now);
      const task = uploadBytesResumable(ref(storage, path), file, {
        contentType,
        customMetadata: {
          originalName: file.name ?? 'media',
          size: String(file.size),
          timestamp: String(now),
          uploadedBy,
        },
      });
      await new Promise<void>((resolve, reject) => {
        task.on(
          'state_changed',
          (snap) => onProgress?.({ loaded: snap.bytesTransferred, total: snap.totalBytes }),
          reject,
          () => resolve(),
        );
      });
      const url = await getDownloadURL(task.snapshot.ref);
      return { url, path, kind: accepted.kind, contentType };
    },
    async remove(path) {
      await deleteObject(ref(storage, path));
    },
  };
}
