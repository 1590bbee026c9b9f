CREATE TABLE "site_text_revisions" (
	"key" text NOT NULL,
	"revision" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text NOT NULL,
	CONSTRAINT "site_text_revisions_key_revision_pk" PRIMARY KEY("key","revision")
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"draft" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"draft_updated_at" timestamp with time zone,
	"draft_updated_by" text,
	"published" jsonb,
	"revision" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post', 'standard', 'standard_comment', 'listing', 'registry_application', 'registry_concern', 'council_settings', 'site_text'));--> statement-breakpoint
-- The pages read their words from here: every replica learns of a publish as of any content change
-- (docs/decisions/010-page-cache-and-invalidation.md).
CREATE TRIGGER "site_texts_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_texts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();--> statement-breakpoint
-- A published revision is the record of what the council said: it never changes.
CREATE FUNCTION "site_text_revisions_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'site_text_revisions are kept as published: no update or delete';
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_text_revisions_keep" BEFORE UPDATE OR DELETE ON "site_text_revisions" FOR EACH ROW EXECUTE FUNCTION "site_text_revisions_keep"();
