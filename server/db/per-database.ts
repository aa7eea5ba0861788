/**
 * Something kept once per database object — its prepared statements, its batched lookups — made on
 * first use; tests open many databases in one process, and a database's things go with it.
 */
export function perDatabase<D extends object, T>(make: (db: D) => T): (db: D) => T {
  const byDb = new WeakMap<D, T>();
  return (db) => {
    let kept = byDb.get(db);
    if (!kept) byDb.set(db, (kept = make(db)));
    return kept;
  };
}
