import { resolveMediaTools, type MediaTools } from '@server/media/media-tools';
import { mediaStoreOf } from '@server/media/media-store-of';
import type { MediaStore } from '@server/media/store';
import type { DepsOptions } from './build-deps';

/** Where the uploaded files are kept, and the programs that read them. */
export interface MediaDeps {
  /** The files (disk or S3: MEDIA_STORE, server/media/media-store-of.ts). */
  store: MediaStore;
  /** ffmpeg/ffprobe chosen at start-up (video posters). */
  tools: MediaTools;
}

export function mediaDeps(options: Pick<DepsOptions, 'config' | 'media' | 'mediaTools'>): MediaDeps {
  return {
    store: options.media ?? mediaStoreOf(options.config),
    tools: options.mediaTools ?? resolveMediaTools(options.config.env),
  };
}
