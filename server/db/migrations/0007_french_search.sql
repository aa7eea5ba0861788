-- French full-text search (issue 17): accent-free French stems in tsvector documents kept by a trigger,
-- and the vocabulary of words seen in the catalogue for correcting typos (trigram similarity).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- French stemming after accents are removed: « Crème », « creme » and « crèmes » are one lexeme.
CREATE TEXT SEARCH CONFIGURATION fr_search (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION fr_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "member_search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- What everyone may search: name (weight A), advertiser (B), tag values (C).
CREATE FUNCTION creative_search_vector(name text, advertiser text, tags text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('fr_search', name), 'A')
      || setweight(to_tsvector('fr_search', advertiser), 'B')
      || setweight(to_tsvector('fr_search', array_to_string(tags, ' ')), 'C')
$$;
--> statement-breakpoint
-- What members also search: the analysis (D) — never in the public document.
CREATE FUNCTION creative_member_search_vector(public_document tsvector, attention text, interest text, desire text,
                                              best_practices jsonb, actions jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT public_document || setweight(to_tsvector('fr_search', concat_ws(' ', attention, interest, desire,
           (SELECT string_agg(v, ' ') FROM jsonb_array_elements_text(best_practices) v),
           (SELECT string_agg(v, ' ') FROM jsonb_array_elements_text(actions) v))), 'D')
$$;
--> statement-breakpoint
-- The public words of a creative, lower-case and accent-free, at least 3 characters, sorted (inserting
-- them in one order everywhere means two writers never wait on each other crosswise).
CREATE FUNCTION creative_search_words(name text, advertiser text, tags text[]) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w
    FROM regexp_split_to_table(lower(unaccent(concat_ws(' ', name, advertiser, array_to_string(tags, ' ')))), '[^a-z0-9]+') w
   WHERE length(w) >= 3
   ORDER BY w
$$;
--> statement-breakpoint
CREATE FUNCTION creatives_search_documents() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := NEW.formats || NEW.objectives || NEW.types || NEW.sectors || NEW.platforms;
BEGIN
  NEW.search_vector := creative_search_vector(NEW.name, NEW.advertiser, tags);
  NEW.member_search_vector := creative_member_search_vector(NEW.search_vector, NEW.attention, NEW.interest, NEW.desire,
                                                            NEW.best_practices, NEW.actions);
  -- A restore loads the vocabulary from its archive (or rebuilds it): not word by word here.
  IF NOT analytics_paused() THEN
    INSERT INTO search_words (word) SELECT w FROM creative_search_words(NEW.name, NEW.advertiser, tags) w ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Set-based fill of the vocabulary from every creative (here, the scale seed).
CREATE FUNCTION search_words_rebuild() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM creatives c,
         creative_search_words(c.name, c.advertiser, c.formats || c.objectives || c.types || c.sectors || c.platforms) w
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Set-based fill of both documents and the vocabulary (creatives written before this migration).
CREATE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE creatives c
     SET search_vector = d.doc,
         member_search_vector = creative_member_search_vector(d.doc, c.attention, c.interest, c.desire, c.best_practices, c.actions)
    FROM (SELECT id, creative_search_vector(name, advertiser, formats || objectives || types || sectors || platforms) AS doc
            FROM creatives) d
   WHERE d.id = c.id;
  PERFORM search_words_rebuild();
END
$$;
--> statement-breakpoint
SELECT search_rebuild();
--> statement-breakpoint
CREATE TRIGGER creatives_search_documents
  BEFORE INSERT OR UPDATE OF name, advertiser, formats, objectives, types, sectors, platforms,
                             attention, interest, desire, best_practices, actions
  ON creatives FOR EACH ROW EXECUTE FUNCTION creatives_search_documents();
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "creatives_search_vector_idx" ON "creatives" USING gin ("search_vector") WHERE "creatives"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "creatives_member_search_vector_idx" ON "creatives" USING gin ("member_search_vector") WHERE "creatives"."status" = 'approved';
