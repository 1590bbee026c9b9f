CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"message_id" integer,
	"subscriber_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('contact_notice', 'subscription_confirm')),
	CONSTRAINT "mail_outbox_state_check" CHECK (state in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
-- A subscription now has three states (docs/decisions/017-newsletter-subscriptions.md). The state is
-- the truth; is_active follows it, so the two cannot disagree. Existing rows keep what they were.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "newsletter_subscribers" SET "status" = CASE WHEN "is_active" THEN 'active' ELSE 'unsubscribed' END, "status_changed_at" = "subscribed_at";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status = 'active') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_message_id_contact_submissions_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_message_id_idx" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_subscriber_id_idx" ON "mail_outbox" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_subscribed_at_idx" ON "newsletter_subscribers" USING btree ("subscribed_at","id");--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status_check" CHECK (status in ('pending', 'active', 'unsubscribed'));--> statement-breakpoint
-- Every replica's sender wakes when mail is queued, whichever process queued it
-- (docs/decisions/016-mail-outbox.md); a sender that misses one still finds the row on its next round.
CREATE OR REPLACE FUNCTION "notify_mail_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_queued', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_queued" AFTER INSERT ON "mail_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "notify_mail_queued"();
