ALTER TABLE "media" ADD COLUMN "variant_widths" integer[];--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "placeholder_color" text;