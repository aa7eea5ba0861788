-- The shape and length classes (migration 0019, domain/media-shape.ts) become filter values with their counts:
-- nine more facet bits after the two flags, 64 in all. A creative's bits are now split at 32 (domain/facets.ts
-- LO_BITS): facet_lo holds bits 0–31 and facet_hi bits 32–63, each a signed integer whose sign is its bit 31.
CREATE OR REPLACE FUNCTION facet_bit_values() RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[
    'format:Carrousel', 'format:GIF', 'format:Motion', 'format:Statique', 'format:Vidéo',
    'objective:TOFU', 'objective:MOFU', 'objective:BOFU',
    'type:ASMR', 'type:Acting', 'type:Avis clients', 'type:Before/After', 'type:Bénéfices', 'type:Best-seller',
    'type:Comparatif', 'type:Comment ça marche ?', 'type:Focus produit', 'type:Humour', 'type:IA',
    'type:Micro-trottoir', 'type:Podcast', 'type:Post-it', 'type:Preuve sociale', 'type:Prix',
    'type:Problème/Solution', 'type:Promotion', 'type:Punchline', 'type:Témoignage', 'type:UGC', 'type:Unboxing',
    'type:Founder',
    'sector:Animaux', 'sector:Automobile', 'sector:Application', 'sector:Assurance', 'sector:Banque/Finance',
    'sector:Beauté', 'sector:Énergie', 'sector:Food', 'sector:Formation', 'sector:Maison/Déco', 'sector:Mode',
    'sector:Saas', 'sector:Santé', 'sector:Sport', 'sector:Travel',
    'platform:LinkedIn', 'platform:Google', 'platform:DV360', 'platform:Meta', 'platform:TikTok',
    'platform:Snapchat', 'platform:Pinterest',
    'junto', 'tested',
    'shape:9:16', 'shape:4:5', 'shape:1:1', 'shape:16:9', 'shape:other',
    'length:le6', 'length:le15', 'length:le30', 'length:long']
$$;
--> statement-breakpoint
DROP TRIGGER "creatives_facet_bits" ON "creatives";
--> statement-breakpoint
DROP FUNCTION creative_facet_bits(text[], text[], text[], text[], text[], boolean, boolean);
--> statement-breakpoint
CREATE FUNCTION creative_facet_bits(formats text[], objectives text[], types text[], sectors text[], platforms text[],
                                    junto boolean, tested boolean, shape text, length_class text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (p - 1)), 0)
    FROM unnest(array_cat(array_cat(array_cat(array_cat(array_cat(
           ARRAY(SELECT 'format:' || v FROM unnest(formats) v),
           ARRAY(SELECT 'objective:' || v FROM unnest(objectives) v)),
           ARRAY(SELECT 'type:' || v FROM unnest(types) v)),
           ARRAY(SELECT 'sector:' || v FROM unnest(sectors) v)),
           ARRAY(SELECT 'platform:' || v FROM unnest(platforms) v)),
           ARRAY[CASE WHEN junto THEN 'junto' END, CASE WHEN tested THEN 'tested' END,
                 'shape:' || shape, 'length:' || length_class])) k,
         array_position(facet_bit_values(), k) p
   WHERE p IS NOT NULL
$$;
--> statement-breakpoint
-- The low 32 bits as a signed integer (shifted to the top, then back with the sign), and the high 32.
CREATE FUNCTION facet_lo_of(b bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ((b << 32) >> 32)::integer $$;
--> statement-breakpoint
CREATE FUNCTION facet_hi_of(b bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (b >> 32)::integer $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION creatives_facet_bits() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b bigint := creative_facet_bits(NEW.formats, NEW.objectives, NEW.types, NEW.sectors, NEW.platforms,
                                  NEW.is_junto_angel, NEW.tested_and_approved, NEW.shape, NEW.length_class);
BEGIN
  NEW.facet_lo := facet_lo_of(b);
  NEW.facet_hi := facet_hi_of(b);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER creatives_facet_bits
  BEFORE INSERT OR UPDATE OF formats, objectives, types, sectors, platforms, is_junto_angel, tested_and_approved, shape, length_class
  ON creatives FOR EACH ROW EXECUTE FUNCTION creatives_facet_bits();
--> statement-breakpoint
-- Every row anew, in one statement (1M rows: one pass). Its own rows only: the journal and facet version triggers
-- are paused for it (analytics_paused(), migration 0003: a journal row each would be 1M rows), then set back as
-- they were. The servers read the whole catalogue anew instead (a new epoch, and the engine's saved image has a
-- new format), and the facet version moves once below.
DO $$
DECLARE
  was text := current_setting('creatheque.analytics', true);
BEGIN
  PERFORM set_config('creatheque.analytics', 'off', true);
  UPDATE creatives c SET facet_lo = facet_lo_of(d.b), facet_hi = facet_hi_of(d.b)
    FROM (SELECT id, creative_facet_bits(formats, objectives, types, sectors, platforms, is_junto_angel,
                                         tested_and_approved, shape, length_class) AS b
            FROM creatives) d
   WHERE d.id = c.id AND (c.facet_lo, c.facet_hi) IS DISTINCT FROM (facet_lo_of(d.b), facet_hi_of(d.b));
  PERFORM set_config('creatheque.analytics', coalesce(was, ''), true);
END
$$;
--> statement-breakpoint
-- Only where a version exists: a database without one (new, or never changed) holds no cells anyone kept, and
-- stays empty for a restore.
UPDATE facet_state SET version = gen_random_uuid()::text;
--> statement-breakpoint
SELECT new_catalogue_epoch();
