import { MSG } from '@domain/messages';
import { GatewayError, type Gateway } from '../types';

const unavailable = () => Promise.reject(new GatewayError('INTERNAL', MSG.sharesUnavailable, 501));

/**
 * Share links need a server that checks a token (and a password) before reading a folder: Firestore
 * rules would have to open the folder to anyone who can guess its path. Not offered in Firebase mode
 * (features.folderShares: false; README, "Firebase mode").
 */
export const firebaseShares: Gateway['shares'] = {
  list: unavailable,
  create: unavailable,
  revoke: unavailable,
  folder: unavailable,
  creative: unavailable,
  unlock: unavailable,
  download: unavailable,
  downloadZip: unavailable,
};
