/** Methods that all return a promise: a section whose code may arrive after its first call. */
type AsyncSection = Record<string, (...args: never[]) => Promise<unknown>>;

const LOAD = Symbol('load the section');

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
      if (name === LOAD) return () => (section ??= load());
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

/**
 * Loads a gateway section's code now, so that its first call does not wait for it: a page's first
 * render must not race a chunk's download. Any other section is ready already.
 */
export async function loadSection(section: object): Promise<void> {
  const load = (section as { [LOAD]?: () => Promise<unknown> })[LOAD];
  if (load) await load();
}
