-- Duplicate detection at submission (issue 18, docs/decisions/014-duplicate-detection.md).
-- media_sha256: SHA-256 (hex) of the bytes as uploaded, computed while they stream in (exact duplicates);
-- phash: 64-bit dHash of the image or of the video's poster frame, as a signed bigint (near duplicates);
-- duplicate_of: the suspected original found at submission, shown in the review queue. No foreign key: a
-- deleted original simply stops being linked (the queue reads it through a join), and a backup loads
-- creatives in any order.
ALTER TABLE "creatives" ADD COLUMN "media_sha256" text;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "creatives" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
CREATE INDEX "creatives_media_sha256_idx" ON "creatives" USING btree ("media_sha256") WHERE "media_sha256" IS NOT NULL;--> statement-breakpoint
-- Near duplicates differ in at most 5 of 64 bits, so they agree on at least one of these 6 bands
-- (widths 11, 11, 11, 11, 10, 10 from the high bits: domain/perceptual-hash.ts BAND_WIDTHS). Each index
-- carries phash and id: the distance is checked inside the index (index-only scans, no table row read).
CREATE INDEX "creatives_phash_band0_idx" ON "creatives" USING btree ((("phash" >> 53) & 2047)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creatives_phash_band1_idx" ON "creatives" USING btree ((("phash" >> 42) & 2047)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creatives_phash_band2_idx" ON "creatives" USING btree ((("phash" >> 31) & 2047)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creatives_phash_band3_idx" ON "creatives" USING btree ((("phash" >> 20) & 2047)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creatives_phash_band4_idx" ON "creatives" USING btree ((("phash" >> 10) & 1023)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "creatives_phash_band5_idx" ON "creatives" USING btree (("phash" & 1023)) INCLUDE ("phash", "id") WHERE "phash" IS NOT NULL;
