CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	CONSTRAINT "posts_status_check" CHECK (status in ('draft', 'scheduled', 'published'))
);
--> statement-breakpoint
CREATE TABLE "retired_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_state_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "post_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_idx" ON "posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "posts_status_published_idx" ON "posts" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "posts_status_publish_at_idx" ON "posts" USING btree ("status","publish_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_post_subscriber_idx" ON "mail_outbox" USING btree ("post_id","subscriber_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('contact_notice', 'subscription_confirm', 'newsletter_welcome', 'newsletter_issue'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_state_check" CHECK (state in ('pending', 'sending', 'sent', 'failed', 'cancelled'));--> statement-breakpoint
-- Public pages show published posts only: a draft or a scheduled post changes no page until it is
-- published (docs/decisions/023-kept-answers-one-layer.md keeps pages until this channel speaks).
CREATE TRIGGER "posts_insert_content_changed" AFTER INSERT ON "posts" FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "posts_update_content_changed" AFTER UPDATE ON "posts" FOR EACH ROW WHEN (OLD.status = 'published' OR NEW.status = 'published') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "posts_delete_content_changed" AFTER DELETE ON "posts" FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "posts_truncate_content_changed" AFTER TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
