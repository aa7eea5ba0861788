CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "analytics_daily_kind_day_key_pk" PRIMARY KEY("kind","day","key")
);
--> statement-breakpoint
-- Analytics rollups (spec §9): analytics_daily holds, per Europe/Paris calendar day, the counts the
-- analytics page shows, plus all-time rows on day '-infinity'; services/analytics.service.ts reads
-- them instead of scanning 1M creatives. They are kept exact by the triggers below; the facts each
-- row contributes are written once, in analytics_facts(<row>), and used by the triggers and by
-- analytics_rebuild() (backfill here, bench seed, restore, TRUNCATE).

-- The calendar day of an instant in the product's zone (domain/calendar.ts APP_TIME_ZONE).
CREATE FUNCTION analytics_day(instant timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (instant AT TIME ZONE 'Europe/Paris')::date
$$;
--> statement-breakpoint
-- Frequent counters (likes, comments, users) are spread over 8 rows per day, summed when read, so
-- that a storm of likes does not queue on one row.
CREATE FUNCTION analytics_stripe(id text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (hashtext(id) & 7)::text
$$;
--> statement-breakpoint
-- A creative counts once under its status and its contributor (submitted_by, '' when null), once as
-- analysed (the rule of the analytics page: a section of the analysis is filled), and once per
-- value of each category array. One unnest of two zipped arrays (kinds, keys): null keys (not
-- analysed, null array elements) are dropped.
CREATE FUNCTION analytics_facts(c creatives) RETURNS TABLE (day date, kind text, key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT analytics_day(c.created_at), f.kind, f.key
    FROM unnest(
           ARRAY['status', 'contributor', 'analysed']
             || array_fill('format'::text, ARRAY[cardinality(c.formats)])
             || array_fill('objective'::text, ARRAY[cardinality(c.objectives)])
             || array_fill('type'::text, ARRAY[cardinality(c.types)])
             || array_fill('sector'::text, ARRAY[cardinality(c.sectors)])
             || array_fill('platform'::text, ARRAY[cardinality(c.platforms)]),
           ARRAY[c.status, coalesce(c.submitted_by, ''),
                 CASE WHEN c.attention <> '' OR c.interest <> '' OR c.desire <> ''
                        OR jsonb_array_length(c.best_practices) > 0 OR jsonb_array_length(c.actions) > 0 THEN '' END]
             || c.formats || c.objectives || c.types || c.sectors || c.platforms
         ) AS f(kind, key)
   WHERE f.key IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_facts(l creative_likes) RETURNS TABLE (day date, kind text, key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT analytics_day(l.created_at), 'likes'::text, analytics_stripe(l.user_id)
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_facts(c comments) RETURNS TABLE (day date, kind text, key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT analytics_day(c.created_at), 'comments'::text, analytics_stripe(c.id)
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_facts(u "user") RETURNS TABLE (day date, kind text, key text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT analytics_day(u.created_at), 'users'::text, analytics_stripe(u.id)
$$;
--> statement-breakpoint
-- Recomputes every rollup from the tables, set-based: facts counted per (day, kind, key) table by
-- table, then summed into day rows and all-time rows, written in key order. Not meant to run beside
-- writers: its TRUNCATE locks the table, so concurrent triggers wait for the rebuild's commit.
CREATE FUNCTION analytics_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analytics_daily;
  INSERT INTO analytics_daily (day, kind, key, n)
  SELECT coalesce(d.day, '-infinity'), d.kind, d.key, sum(d.n)
    FROM (SELECT f.day, f.kind, f.key, count(*) AS n FROM creatives r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM creative_likes r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM comments r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM "user" r, analytics_facts(r) f GROUP BY 1, 2, 3) d
   GROUP BY GROUPING SETS ((d.day, d.kind, d.key), (d.kind, d.key))
   ORDER BY 2, 1, 3;
END
$$;
--> statement-breakpoint
-- Adds signed facts, each to its day's row and to the all-time row, in one upsert in key order
-- (writers lock rollup rows in the same order: no deadlock between them). PL/pgSQL rather than SQL
-- so that PostgreSQL 15 keeps the statement's plan for the session (it is on every like's path).
CREATE FUNCTION analytics_add(facts analytics_daily[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily AS a (day, kind, key, n)
  SELECT coalesce(f.day, '-infinity'), f.kind, f.key, sum(f.n)
    FROM unnest(facts) f
   GROUP BY GROUPING SETS ((f.day, f.kind, f.key), (f.kind, f.key))
  HAVING sum(f.n) <> 0
   ORDER BY 2, 1, 3
      ON CONFLICT (kind, day, key) DO UPDATE SET n = a.n + excluded.n;
END
$$;
--> statement-breakpoint
-- `SET LOCAL creatheque.analytics = 'off'` pauses the triggers for a bulk load that ends with
-- analytics_rebuild() (restore; the bench seed uses session_replication_role = replica instead).
CREATE FUNCTION analytics_paused() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('creatheque.analytics', true) = 'off', false)
$$;
--> statement-breakpoint
-- The triggers: inserted rows add their facts, deleted rows take them away (statement level, one
-- upsert per statement, also for cascades), an update of a creative does both (row level, only
-- when a counted column changed: see its WHEN), a TRUNCATE rebuilds. The transition tables' rows
-- are records: cast to the table's type to pick its analytics_facts.
CREATE FUNCTION analytics_on_creatives() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, 1)::analytics_daily FROM new_rows r, analytics_facts(r::creatives) f));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, -1)::analytics_daily FROM old_rows r, analytics_facts(r::creatives) f));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, -1)::analytics_daily FROM analytics_facts(OLD) f
                                UNION ALL
                                SELECT (f.*, 1)::analytics_daily FROM analytics_facts(NEW) f));
  ELSE
    PERFORM analytics_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_on_creative_likes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, 1)::analytics_daily FROM new_rows r, analytics_facts(r::creative_likes) f));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, -1)::analytics_daily FROM old_rows r, analytics_facts(r::creative_likes) f));
  ELSE
    PERFORM analytics_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_on_comments() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, 1)::analytics_daily FROM new_rows r, analytics_facts(r::comments) f));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, -1)::analytics_daily FROM old_rows r, analytics_facts(r::comments) f));
  ELSE
    PERFORM analytics_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_on_user() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF analytics_paused() THEN
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, 1)::analytics_daily FROM new_rows r, analytics_facts(r::"user") f));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_add(ARRAY(SELECT (f.*, -1)::analytics_daily FROM old_rows r, analytics_facts(r::"user") f));
  ELSE
    PERFORM analytics_rebuild();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER creatives_analytics_insert AFTER INSERT ON creatives
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creatives();
--> statement-breakpoint
CREATE TRIGGER creatives_analytics_delete AFTER DELETE ON creatives
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creatives();
--> statement-breakpoint
-- Only the columns analytics counts: the frequent likes/comment_count updates never fire it.
CREATE TRIGGER creatives_analytics_update
  AFTER UPDATE OF status, submitted_by, created_at, formats, objectives, types, sectors, platforms,
                  attention, interest, desire, best_practices, actions ON creatives
  FOR EACH ROW
  WHEN ((OLD.status, OLD.submitted_by, OLD.created_at, OLD.formats, OLD.objectives, OLD.types, OLD.sectors, OLD.platforms,
         OLD.attention, OLD.interest, OLD.desire, OLD.best_practices, OLD.actions)
        IS DISTINCT FROM
        (NEW.status, NEW.submitted_by, NEW.created_at, NEW.formats, NEW.objectives, NEW.types, NEW.sectors, NEW.platforms,
         NEW.attention, NEW.interest, NEW.desire, NEW.best_practices, NEW.actions))
  EXECUTE FUNCTION analytics_on_creatives();
--> statement-breakpoint
CREATE TRIGGER creatives_analytics_truncate AFTER TRUNCATE ON creatives FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creatives();
--> statement-breakpoint
CREATE TRIGGER creative_likes_analytics_insert AFTER INSERT ON creative_likes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creative_likes();
--> statement-breakpoint
CREATE TRIGGER creative_likes_analytics_delete AFTER DELETE ON creative_likes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creative_likes();
--> statement-breakpoint
CREATE TRIGGER creative_likes_analytics_truncate AFTER TRUNCATE ON creative_likes FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_creative_likes();
--> statement-breakpoint
CREATE TRIGGER comments_analytics_insert AFTER INSERT ON comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_comments();
--> statement-breakpoint
CREATE TRIGGER comments_analytics_delete AFTER DELETE ON comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_comments();
--> statement-breakpoint
CREATE TRIGGER comments_analytics_truncate AFTER TRUNCATE ON comments FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_comments();
--> statement-breakpoint
CREATE TRIGGER user_analytics_insert AFTER INSERT ON "user"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_user();
--> statement-breakpoint
CREATE TRIGGER user_analytics_delete AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_user();
--> statement-breakpoint
CREATE TRIGGER user_analytics_truncate AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION analytics_on_user();
--> statement-breakpoint
-- Backfill from the rows already there.
SELECT analytics_rebuild();
