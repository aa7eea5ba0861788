-- Which history of the catalogue the database holds (server/catalogue/catalogue-image.ts): a server saves its
-- in-memory catalogue to a file with this epoch and its journal position, and at its next start reads the file
-- and the journal's rows after that position instead of every creative — only when the epoch is still the same.
-- Whatever rewrites the catalogue without the journal (a restore, the benchmark's seed) sets a new epoch.
CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" text DEFAULT gen_random_uuid()::text NOT NULL,
	CONSTRAINT "catalogue_state_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_state" ("id") VALUES (1);
--> statement-breakpoint
CREATE FUNCTION new_catalogue_epoch() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO catalogue_state (id) VALUES (1) ON CONFLICT (id) DO UPDATE SET epoch = gen_random_uuid()::text;
$$;
--> statement-breakpoint
-- The engine now also answers the substring search from each creative's `search_text` (its normalised name and
-- advertiser): a change of that text alone is journalled too.
CREATE OR REPLACE FUNCTION catalogue_journal_on_creatives() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    IF NEW.status = 'approved' THEN
      INSERT INTO catalogue_journal (creative_id, kind) VALUES (NEW.id, 'doc');
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.status = 'approved' THEN
      INSERT INTO catalogue_journal (creative_id, kind) VALUES (OLD.id, 'doc');
    END IF;
  ELSIF OLD.status = 'approved' OR NEW.status = 'approved' THEN
    IF OLD.status IS DISTINCT FROM NEW.status OR OLD.id IS DISTINCT FROM NEW.id
       OR OLD.created_at IS DISTINCT FROM NEW.created_at
       OR OLD.facet_lo IS DISTINCT FROM NEW.facet_lo OR OLD.facet_hi IS DISTINCT FROM NEW.facet_hi
       OR OLD.member_search_vector IS DISTINCT FROM NEW.member_search_vector
       OR OLD.search_text IS DISTINCT FROM NEW.search_text THEN
      INSERT INTO catalogue_journal (creative_id, kind) VALUES (NEW.id, 'doc');
      IF OLD.id IS DISTINCT FROM NEW.id THEN
        INSERT INTO catalogue_journal (creative_id, kind) VALUES (OLD.id, 'doc');
      END IF;
    ELSIF OLD.likes IS DISTINCT FROM NEW.likes THEN
      INSERT INTO catalogue_journal (creative_id, kind) VALUES (NEW.id, 'likes');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
