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
