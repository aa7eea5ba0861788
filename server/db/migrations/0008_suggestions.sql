-- Suggestions while typing (issue 17, services/creatives/suggestions.service.ts): advertisers, tag values and
-- names of APPROVED creatives whose words start with what was typed, accent- and case-insensitive.
-- Advertisers and tag values come from suggestion_terms (one row per value with its number of approved
-- creatives and its words, kept exact by the triggers below); names through a word-prefix index on creatives.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
-- The words of a text, lower-case and accent-free, letters and digits only, one space between them:
-- « Maison/Déco » → « maison deco », « L'Oréal » → « l oreal ». IMMUTABLE (the dictionary is named) so
-- that indexes may use it.
CREATE FUNCTION suggest_words(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, t)), '[^a-z0-9]+', ' ', 'g')
$$;
--> statement-breakpoint
-- The document searched: each word a lexeme of the `simple` configuration (no stemming, no stop words).
CREATE FUNCTION suggest_document(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT to_tsvector('pg_catalog.simple', public.suggest_words(t))
$$;
--> statement-breakpoint
CREATE TABLE "suggestion_terms" (
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"n" integer NOT NULL,
	"words" tsvector NOT NULL,
	CONSTRAINT "suggestion_terms_kind_label_pk" PRIMARY KEY("kind","label")
);
--> statement-breakpoint
CREATE INDEX "suggestion_terms_words_idx" ON "suggestion_terms" USING gin ("words");
--> statement-breakpoint
-- Names of approved creatives by word prefix, for the prefixes the most-liked creatives do not answer (see the service).
CREATE INDEX "creatives_name_words_idx" ON "creatives" USING gin (suggest_document("name")) WHERE "status" = 'approved';
--> statement-breakpoint
-- The terms a creative counts for: none unless approved; else its advertiser (kind 'advertiser') and each
-- distinct value of its categories (kind = the category key of domain/vocabulary.ts).
CREATE FUNCTION suggestion_facts(c creatives) RETURNS TABLE (kind text, label text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT f.kind, f.label
    FROM unnest(
           ARRAY['advertiser']
             || array_fill('format'::text, ARRAY[cardinality(c.formats)])
             || array_fill('objective'::text, ARRAY[cardinality(c.objectives)])
             || array_fill('type'::text, ARRAY[cardinality(c.types)])
             || array_fill('sector'::text, ARRAY[cardinality(c.sectors)])
             || array_fill('platform'::text, ARRAY[cardinality(c.platforms)]),
           ARRAY[c.advertiser] || c.formats || c.objectives || c.types || c.sectors || c.platforms
         ) AS f(kind, label)
   WHERE c.status = 'approved' AND f.label IS NOT NULL
$$;
--> statement-breakpoint
-- Recomputes every term from creatives (this migration, the bench seed, a restore of an older archive).
CREATE FUNCTION suggestion_terms_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM suggestion_terms;
  INSERT INTO suggestion_terms (kind, label, n, words)
  SELECT f.kind, f.label, count(*), suggest_document(f.label) FROM creatives c, suggestion_facts(c) f
   WHERE c.status = 'approved'
   GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- Adds signed counts in one upsert in key order (writers lock rows in the same order: no deadlock), then
-- drops the terms no approved creative carries any more.
CREATE FUNCTION suggestion_terms_add(facts suggestion_terms[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO suggestion_terms AS t (kind, label, n, words)
  SELECT f.kind, f.label, sum(f.n), suggest_document(f.label) FROM unnest(facts) f GROUP BY 1, 2 HAVING sum(f.n) <> 0 ORDER BY 1, 2
      ON CONFLICT (kind, label) DO UPDATE SET n = t.n + excluded.n;
  DELETE FROM suggestion_terms t USING unnest(facts) f WHERE t.kind = f.kind AND t.label = f.label AND t.n <= 0;
END
$$;
--> statement-breakpoint
-- Inserted rows add their terms, deleted rows take them away (statement level, one upsert per statement),
-- an update does both (row level, only when a counted column changed), a TRUNCATE rebuilds. Paused with
-- the analytics rollups during a bulk load (server/db/analytics-rollups.ts): a restore loads the table.
CREATE FUNCTION suggestion_terms_on_creatives() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM suggestion_terms_add(ARRAY(SELECT (f.kind, f.label, 1, NULL)::suggestion_terms FROM new_rows r, suggestion_facts(r::creatives) f));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM suggestion_terms_add(ARRAY(SELECT (f.kind, f.label, -1, NULL)::suggestion_terms FROM old_rows r, suggestion_facts(r::creatives) f));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM suggestion_terms_add(ARRAY(SELECT (f.kind, f.label, -1, NULL)::suggestion_terms FROM suggestion_facts(OLD) f
                                       UNION ALL
                                       SELECT (f.kind, f.label, 1, NULL)::suggestion_terms FROM suggestion_facts(NEW) f));
  ELSE
    PERFORM suggestion_terms_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT suggestion_terms_rebuild();
--> statement-breakpoint
CREATE TRIGGER creatives_suggestions_insert AFTER INSERT ON creatives
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_terms_on_creatives();
--> statement-breakpoint
CREATE TRIGGER creatives_suggestions_delete AFTER DELETE ON creatives
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION suggestion_terms_on_creatives();
--> statement-breakpoint
-- Only the counted columns: the frequent likes/comment_count updates never fire it.
CREATE TRIGGER creatives_suggestions_update
  AFTER UPDATE OF status, advertiser, formats, objectives, types, sectors, platforms ON creatives
  FOR EACH ROW
  WHEN ((OLD.status, OLD.advertiser, OLD.formats, OLD.objectives, OLD.types, OLD.sectors, OLD.platforms)
        IS DISTINCT FROM
        (NEW.status, NEW.advertiser, NEW.formats, NEW.objectives, NEW.types, NEW.sectors, NEW.platforms))
  EXECUTE FUNCTION suggestion_terms_on_creatives();
--> statement-breakpoint
CREATE TRIGGER creatives_suggestions_truncate AFTER TRUNCATE ON creatives FOR EACH STATEMENT EXECUTE FUNCTION suggestion_terms_on_creatives();
--> statement-breakpoint
ANALYZE creatives;
