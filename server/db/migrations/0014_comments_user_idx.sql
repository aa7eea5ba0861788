-- A user's own comments, newest first: "Exporter mes données" reads them in keyset batches, and
-- deleting an account removes them (docs/decisions/002) — without it both scan every comment.
CREATE INDEX IF NOT EXISTS "comments_user_idx" ON "comments" USING btree ("user_id", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
