-- What is inside a creative's media (server/analysis, domain/media-shape.ts): the words it shows (OCR), its
-- aspect-ratio class and a video's duration class, computed in the background by the job queue. The shape of
-- the creatives already stored comes from their media's width and height right here; their text and a
-- video's duration come from `npm run media:analyse`, which queues every creative whose analysis has not run.
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "shape" text;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "length_class" text;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "media_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "media_analysed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "creatives_unanalysed_idx" ON "creatives" ("created_at", "id") WHERE "media_analysed_at" IS NULL;--> statement-breakpoint
UPDATE creatives c
   SET shape = CASE
         WHEN m.width IS NULL OR m.height IS NULL OR m.width <= 0 OR m.height <= 0 THEN NULL
         WHEN abs((m.width::float8 / m.height) / (9.0 / 16) - 1) <= 0.03 THEN '9:16'
         WHEN abs((m.width::float8 / m.height) / (4.0 / 5) - 1) <= 0.03 THEN '4:5'
         WHEN abs((m.width::float8 / m.height) - 1) <= 0.03 THEN '1:1'
         WHEN abs((m.width::float8 / m.height) / (16.0 / 9) - 1) <= 0.03 THEN '16:9'
         ELSE 'other' END
  FROM media m
 WHERE m.id = c.media_id;
