-- Facet counts of the gallery's filter dialog (issue 17, services/creatives/facet-index.ts): every creative
-- carries its filter values as bits (facet_lo: bits 0–30, facet_hi: bits 31–54, in the order of
-- facet_bit_values(), which domain/facets.ts mirrors), so the approved catalogue is a few hundred thousand
-- (bits, count) cells that the server counts in memory; facet_state.version says when they changed.
CREATE FUNCTION facet_bit_values() RETURNS text[]
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
    'junto', 'tested']
$$;
--> statement-breakpoint
CREATE FUNCTION creative_facet_bits(formats text[], objectives text[], types text[], sectors text[], platforms text[],
                                    junto boolean, tested boolean) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (p - 1)), 0)
    FROM unnest(array_cat(array_cat(array_cat(array_cat(array_cat(
           ARRAY(SELECT 'format:' || v FROM unnest(formats) v),
           ARRAY(SELECT 'objective:' || v FROM unnest(objectives) v)),
           ARRAY(SELECT 'type:' || v FROM unnest(types) v)),
           ARRAY(SELECT 'sector:' || v FROM unnest(sectors) v)),
           ARRAY(SELECT 'platform:' || v FROM unnest(platforms) v)),
           ARRAY[CASE WHEN junto THEN 'junto' END, CASE WHEN tested THEN 'tested' END])) k,
         array_position(facet_bit_values(), k) p
   WHERE p IS NOT NULL
$$;
--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "facet_lo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "facet_hi" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION creatives_facet_bits() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  b bigint := creative_facet_bits(NEW.formats, NEW.objectives, NEW.types, NEW.sectors, NEW.platforms,
                                  NEW.is_junto_angel, NEW.tested_and_approved);
BEGIN
  NEW.facet_lo := (b & 2147483647)::integer;
  NEW.facet_hi := (b >> 31)::integer;
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE creatives c SET facet_lo = (b & 2147483647)::integer, facet_hi = (b >> 31)::integer
  FROM (SELECT id, creative_facet_bits(formats, objectives, types, sectors, platforms, is_junto_angel, tested_and_approved) AS b
          FROM creatives) d
 WHERE d.id = c.id;
--> statement-breakpoint
CREATE TRIGGER creatives_facet_bits
  BEFORE INSERT OR UPDATE OF formats, objectives, types, sectors, platforms, is_junto_angel, tested_and_approved
  ON creatives FOR EACH ROW EXECUTE FUNCTION creatives_facet_bits();
--> statement-breakpoint
-- At most one row (none before the first change): a new random version in the same transaction as any change to the approved creatives' filter
-- values, so a server reading it and the cells in one snapshot knows whether its cells are current. Random,
-- not a counter: a restored archive brings its own version, which no server holds cells of unless they
-- were read from that very state.
CREATE TABLE "facet_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text DEFAULT gen_random_uuid()::text NOT NULL,
	CONSTRAINT "facet_state_one_row" CHECK ("id" = 1)
);

--> statement-breakpoint
CREATE FUNCTION facet_state_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the archive's version with its rows.
  IF NOT analytics_paused() THEN
    INSERT INTO facet_state (id, version) VALUES (1, gen_random_uuid()::text)
      ON CONFLICT (id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER creatives_facet_insert AFTER INSERT ON creatives FOR EACH ROW
  WHEN (NEW.status = 'approved') EXECUTE FUNCTION facet_state_bump();
--> statement-breakpoint
CREATE TRIGGER creatives_facet_delete AFTER DELETE ON creatives FOR EACH ROW
  WHEN (OLD.status = 'approved') EXECUTE FUNCTION facet_state_bump();
--> statement-breakpoint
CREATE TRIGGER creatives_facet_update AFTER UPDATE ON creatives FOR EACH ROW
  WHEN ((OLD.status = 'approved' OR NEW.status = 'approved')
        AND (OLD.status, OLD.facet_lo, OLD.facet_hi) IS DISTINCT FROM (NEW.status, NEW.facet_lo, NEW.facet_hi))
  EXECUTE FUNCTION facet_state_bump();
