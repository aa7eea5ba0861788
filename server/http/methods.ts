const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET, HEAD and OPTIONS: requests that read and never change anything (RFC 9110 §9.2.1). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
