-- Substring search on name + advertiser (lower-cased, accent-free) uses a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "creatives_search_trgm_idx" ON "creatives" USING gin ("search_text" gin_trgm_ops);
