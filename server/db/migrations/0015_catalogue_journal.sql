-- The catalogue engine's journal (server/catalogue/, docs/decisions/019-catalogue-engine.md): every change to what the
-- gallery of approved creatives shows — a creative approved, rejected, deleted, edited (its search document or filter
-- values) or liked — adds a row naming the creative, in the same transaction as the change. Each server instance
-- keeps the approved catalogue in memory and reads the rows after the last it applied: at once after a write of
-- this process or of another instance (Redis), and every few seconds for writes made outside the API.
CREATE TABLE "catalogue_journal" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"creative_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_journal_at_idx" ON "catalogue_journal" ("at");
--> statement-breakpoint
-- 'doc': the creative enters, leaves or changes in the approved catalogue; 'likes': only its like count moved.
-- Nothing for a creative that is not approved before or after, nor for its comment count or featuring, nor
-- during a bulk load (a restore, paused like the analytics rollups: the servers load the catalogue anew when
-- they start).
CREATE FUNCTION catalogue_journal_on_creatives() RETURNS trigger
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
       OR OLD.member_search_vector IS DISTINCT FROM NEW.member_search_vector THEN
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
--> statement-breakpoint
CREATE TRIGGER creatives_catalogue_journal
  AFTER INSERT OR UPDATE OR DELETE ON creatives
  FOR EACH ROW EXECUTE FUNCTION catalogue_journal_on_creatives();
