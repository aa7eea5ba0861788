-- Issue 18: share links of a folder (public page /partage/:token) and a private note per creative per folder.
CREATE TABLE "folder_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"folder_id" text NOT NULL,
	"token" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp (3) with time zone,
	"allow_download" boolean DEFAULT false NOT NULL,
	"include_analysis" boolean DEFAULT false NOT NULL,
	"include_notes" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "folder_shares" ADD CONSTRAINT "folder_shares_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "folder_shares_folder_idx" ON "folder_shares" USING btree ("folder_id","created_at");
--> statement-breakpoint
ALTER TABLE "folder_creatives" ADD COLUMN "note" text;
