/** Methods that all return a promise: a section whose code may arrive after its first call. */
type AsyncSection = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * A gateway section whose code loads on its first call (a dynamic import), so the first page of the
 * gallery does not carry the folders', shares', comments' or admin's requests. Every method of such a
 * section returns a promise: a call waits for the code, then runs.
 */
export function lazySection<T extends AsyncSection>(load: () => Promise<T>): T {
  let section: Promise<T> | null = null;
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy({} as T, {
    get(_, name) {
      if (!methods.has(name)) {
        methods.set(name, (...args: never[]) => {
          section ??= load();
          return section.then((s) => s[name as keyof T]!(...args));
        });
      }
      return methods.get(name);
    },
  });
}
