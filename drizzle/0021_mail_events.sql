CREATE TABLE "mail_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text,
	"kind" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"post_id" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_events_kind_check" CHECK (kind in ('hard_bounce', 'soft_bounce', 'complaint')),
	CONSTRAINT "mail_events_provider_check" CHECK (provider in ('generic', 'ses', 'postmark'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_status_check";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppressed_reason" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "suppressed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "soft_bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_events_provider_event_idx" ON "mail_events" USING btree ("provider","provider_event_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "mail_events_subscriber_id_idx" ON "mail_events" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "mail_events_post_id_idx" ON "mail_events" USING btree ("post_id","kind");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_suppressed_reason_check" CHECK (suppressed_reason in ('hard_bounce', 'soft_bounces', 'complaint'));--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status_check" CHECK (status in ('pending', 'active', 'unsubscribed', 'suppressed'));