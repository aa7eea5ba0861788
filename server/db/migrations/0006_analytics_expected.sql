-- The rollups analytics_daily should hold, computed from the tables (issue 14, check:integrity):
-- analytics_rebuild() writes them, the integrity check compares them with what is stored, so the
-- rule lives in one function. Same set-based query as migration 0003's rebuild.
CREATE OR REPLACE FUNCTION analytics_expected() RETURNS SETOF analytics_daily
LANGUAGE sql STABLE AS $$
  SELECT coalesce(d.day, '-infinity'), d.kind, d.key, sum(d.n)::integer
    FROM (SELECT f.day, f.kind, f.key, count(*) AS n FROM creatives r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM creative_likes r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM comments r, analytics_facts(r) f GROUP BY 1, 2, 3
          UNION ALL
          SELECT f.day, f.kind, f.key, count(*) FROM "user" r, analytics_facts(r) f GROUP BY 1, 2, 3) d
   GROUP BY GROUPING SETS ((d.day, d.kind, d.key), (d.kind, d.key))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analytics_daily;
  INSERT INTO analytics_daily (day, kind, key, n)
  SELECT e.day, e.kind, e.key, e.n FROM analytics_expected() e ORDER BY e.kind, e.day, e.key;
END
$$;
