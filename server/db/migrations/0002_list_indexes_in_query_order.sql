DROP INDEX "creatives_status_likes_idx";--> statement-breakpoint
DROP INDEX "comments_creative_idx";--> statement-breakpoint
DROP INDEX "creative_likes_user_idx";--> statement-breakpoint
DROP INDEX "creatives_status_recent_idx";--> statement-breakpoint
DROP INDEX "creatives_submitter_idx";--> statement-breakpoint
CREATE INDEX "creatives_approved_recent_idx" ON "creatives" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "creatives"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "creatives_approved_likes_idx" ON "creatives" USING btree ("likes" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "creatives"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "folder_creatives_recent_idx" ON "folder_creatives" USING btree ("folder_id","added_at" DESC NULLS FIRST,"creative_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_recent_idx" ON "user" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_creative_idx" ON "comments" USING btree ("creative_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creative_likes_user_idx" ON "creative_likes" USING btree ("user_id","created_at" DESC NULLS FIRST,"creative_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creatives_status_recent_idx" ON "creatives" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "creatives_submitter_idx" ON "creatives" USING btree ("submitted_by","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);