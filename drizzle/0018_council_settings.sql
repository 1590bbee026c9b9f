CREATE TABLE "council_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"email" text,
	"website" text,
	"phone" text,
	"postal_address" text,
	"country" text,
	"reply_time" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "council_settings_one_row_check" CHECK ("council_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post', 'standard', 'standard_comment', 'listing', 'registry_application', 'registry_concern', 'council_settings'));--> statement-breakpoint
-- The pages, documents and mail read the council's identity: every replica learns of a save as of
-- any content change (docs/decisions/010-page-cache-and-invalidation.md).
CREATE TRIGGER "council_settings_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "council_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
