ALTER TABLE "standard_comments" ADD COLUMN "text_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD COLUMN "review_body" text;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD COLUMN "review_body_text" text;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD COLUMN "text_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD COLUMN "text_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD COLUMN "published_notice_post_id" integer;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD CONSTRAINT "standard_versions_published_notice_post_id_posts_id_fk" FOREIGN KEY ("published_notice_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Reviews opened before the text was kept: the best record there is is the text as it stands now.
UPDATE "standard_versions" SET "review_body" = "body", "review_body_text" = "body_text" WHERE "review_opened_at" IS NOT NULL;
