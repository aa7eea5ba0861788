-- Link previews (Open Graph / Twitter cards): width of the `…-og.jpg` JPEG made beside each picture
-- (server/media/derivatives.ts openGraphDerivative). Null until it is made: at upload, or by
-- `npm run media:backfill` for the media stored before.
ALTER TABLE "media" ADD COLUMN "og_width" integer;
