-- When and how each subscription's consent was given, and when its address was last sent a
-- confirmation mail (docs/decisions/017-newsletter-subscriptions.md).
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_queued_at" timestamp with time zone;--> statement-breakpoint
-- Backfill, from what the rows and the outbox already say:
-- * confirmation_queued_at: the newest confirmation mail the outbox holds for the address (its rows
--   stay until the subscriber is deleted; an unsent one replaced by a newer request is gone, and
--   the newer one is later anyway). None: no mail was ever queued for it.
UPDATE "newsletter_subscribers" AS s SET "confirmation_queued_at" = (
  SELECT max(o."created_at") FROM "mail_outbox" AS o
  WHERE o."kind" = 'subscription_confirm' AND o."subscriber_id" = s."id"
);--> statement-breakpoint
-- * An active row became active at status_changed_at: the moment it confirmed (mail on), or
--   subscribed (mail off, and every row from before 0005, when the site had no mail). A confirmation
--   mail that went out tells the first from the second: 'form', else 'mail_off'. A re-subscription
--   before this migration cannot be told from a first one, so it says 'form' too.
-- * Except an active row that an admin made active (the activity log holds that change, written in
--   the same transaction, so at the same moment give or take clock skew): nobody confirmed anything
--   then, and no admin may do it any more. Its confirmed_at and consent_source stay null: not known.
UPDATE "newsletter_subscribers" AS s SET
  "confirmed_at" = s."status_changed_at",
  "consent_source" = CASE
    WHEN EXISTS (
      SELECT 1 FROM "mail_outbox" AS o
      WHERE o."kind" = 'subscription_confirm' AND o."subscriber_id" = s."id" AND o."state" = 'sent'
    ) THEN 'form'
    ELSE 'mail_off'
  END
WHERE s."status" = 'active' AND NOT EXISTS (
  SELECT 1 FROM "audit_log" AS a
  WHERE a."entity" = 'subscriber' AND a."entity_id" = s."id" AND a."after" ->> 'status' = 'active'
    AND a."at" BETWEEN s."status_changed_at" - interval '1 minute' AND s."status_changed_at" + interval '1 minute'
);--> statement-breakpoint
-- * A pending row came from the form and has not confirmed. An unsubscribed row keeps nulls: when
--   and how it had consented, before it withdrew, is not recorded anywhere.
UPDATE "newsletter_subscribers" SET "consent_source" = 'form' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_consent_source_check" CHECK (consent_source in ('form', 'resubscribe', 'mail_off'));
