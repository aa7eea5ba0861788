-- The words read in a creative's media (migration 0019, server/analysis) are searched like its tags: weight C of
-- both search documents. Like every word of the documents they are public information of an approved creative
-- only, as the searches read approved creatives alone; a pending creative's text stays private. A change of the
-- text rewrites the documents (the trigger now fires on media_text too), which the catalogue engine's journal
-- records (its trigger, migrations 0015/0018, journals any change of member_search_vector). The text's words
-- do not go into the vocabulary of typo corrections (search_words): OCR's misread words would be offered as
-- corrections.
CREATE FUNCTION creative_search_vector(name text, advertiser text, tags text[], media_text text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('fr_search', name), 'A')
      || setweight(to_tsvector('fr_search', advertiser), 'B')
      || setweight(to_tsvector('fr_search', array_to_string(tags, ' ') || ' ' || media_text), 'C')
$$;
--> statement-breakpoint
-- The document without a text (the scale benchmark's seed, bench/scale/generate.ts): one definition, above.
CREATE OR REPLACE FUNCTION creative_search_vector(name text, advertiser text, tags text[]) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT creative_search_vector(name, advertiser, tags, '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION creatives_search_documents() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := NEW.formats || NEW.objectives || NEW.types || NEW.sectors || NEW.platforms;
BEGIN
  NEW.search_vector := creative_search_vector(NEW.name, NEW.advertiser, tags, NEW.media_text);
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
CREATE OR REPLACE FUNCTION search_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE creatives c
     SET search_vector = d.doc,
         member_search_vector = creative_member_search_vector(d.doc, c.attention, c.interest, c.desire, c.best_practices, c.actions)
    FROM (SELECT id, creative_search_vector(name, advertiser, formats || objectives || types || sectors || platforms, media_text) AS doc
            FROM creatives) d
   WHERE d.id = c.id;
  PERFORM search_words_rebuild();
END
$$;
--> statement-breakpoint
DROP TRIGGER creatives_search_documents ON creatives;
--> statement-breakpoint
CREATE TRIGGER creatives_search_documents
  BEFORE INSERT OR UPDATE OF name, advertiser, formats, objectives, types, sectors, platforms,
                             attention, interest, desire, best_practices, actions, media_text
  ON creatives FOR EACH ROW EXECUTE FUNCTION creatives_search_documents();
--> statement-breakpoint
-- Creatives given a text before this migration (none but those a development database analysed already).
UPDATE creatives SET media_text = media_text WHERE media_text <> '';
