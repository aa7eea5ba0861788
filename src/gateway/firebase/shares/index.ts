import type { Gateway } from '../../types';
import type { FirebaseContext } from '../context';
import type { FetchFile } from '../creatives-zip';
import { sessionUnlockedKeys, type UnlockedKeys } from './keys';
import { shareOwner } from './owner';
import { shareVisitor } from './visitor';

export { refreshShares } from './content';
export { deleteFolderShares } from './teardown';
export { FIREBASE_SHARE_PASSWORD_MIN } from './owner';

/**
 * Share links without a server (docs/decisions/026): a link is a capability document read by
 * `get`, showing a copy of the folder that its owner writes under a key only the password gives.
 */
export function firebaseShares(ctx: FirebaseContext, options: { keys?: UnlockedKeys; fetchFile?: FetchFile } = {}): Gateway['shares'] {
  const keys = options.keys ?? sessionUnlockedKeys();
  return { ...shareOwner(ctx), ...shareVisitor(ctx, keys, options.fetchFile ?? ((url) => fetch(url))) };
}
