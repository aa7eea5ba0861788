import { SHARE_TOKEN_BYTES } from '@domain/shares';

/**
 * The secrets of a share link in Firebase mode (docs/decisions/026): its token, and the key of the
 * copy it shows — hex SHA-256 of the token, a newline and the password ('' without one). The rules
 * give that copy to whoever names its key (`get`, never `list`), so the password is what a visitor
 * must know; the rules check the key of a link without a password (`openKey`).
 */

const base64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** SHARE_TOKEN_BYTES random bytes, base64url (32 characters, SHARE_TOKEN_PATTERN). */
export function newShareToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(SHARE_TOKEN_BYTES)));
}

/** The key of a link's copy: what its token and password give (WebCrypto, in the browser). */
export async function contentKey(token: string, password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${token}\n${password}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The keys this browser found for protected links (`unlock`), kept for the tab's session
 * (sessionStorage when there is one): the key opens the copy, so it stays off the disk and the URL.
 */
export interface UnlockedKeys {
  get(token: string): string | null;
  set(token: string, key: string): void;
  forget(token: string): void;
}

const STORAGE_PREFIX = 'creatheque.share.';

export function sessionUnlockedKeys(): UnlockedKeys {
  const memory = new Map<string, string>();
  const storage = (): Storage | null => {
    try {
      return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    } catch {
      return null; // storage refused (privacy settings): memory only
    }
  };
  return {
    get: (token) => memory.get(token) ?? storage()?.getItem(STORAGE_PREFIX + token) ?? null,
    set: (token, key) => {
      memory.set(token, key);
      storage()?.setItem(STORAGE_PREFIX + token, key);
    },
    forget: (token) => {
      memory.delete(token);
      storage()?.removeItem(STORAGE_PREFIX + token);
    },
  };
}
