import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The extensions the migrations create (trigram search, accent-free French search), for every PGlite we open. */
export const pgliteExtensions = { pg_trgm, unaccent };
