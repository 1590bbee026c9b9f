CREATE TABLE "standard_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"email" text NOT NULL,
	"section" text NOT NULL,
	"comment" text NOT NULL,
	"proposed_change" text,
	"consent" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"hidden_by" text,
	"disposition" text,
	"response" text,
	"disposed_by" text,
	"disposed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_comments_disposition_check" CHECK (disposition is null or disposition in ('accepted', 'accepted_with_changes', 'not_accepted'))
);
--> statement-breakpoint
CREATE TABLE "standard_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"legacy_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_documents_kind_check" CHECK (kind in ('position statement', 'guide'))
);
--> statement-breakpoint
CREATE TABLE "standard_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"effective_date" date,
	"change_summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"review_opened_at" timestamp with time zone,
	"review_closes_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"notice_post_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standard_versions_state_check" CHECK (state in ('draft', 'review', 'published', 'superseded', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "standard_comments" ADD CONSTRAINT "standard_comments_version_id_standard_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."standard_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD CONSTRAINT "standard_versions_document_id_standard_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."standard_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_versions" ADD CONSTRAINT "standard_versions_notice_post_id_posts_id_fk" FOREIGN KEY ("notice_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standard_comments_version_idx" ON "standard_comments" USING btree ("version_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_documents_number_idx" ON "standard_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_documents_key_idx" ON "standard_documents" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_documents_legacy_slug_idx" ON "standard_documents" USING btree ("legacy_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_versions_label_idx" ON "standard_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_versions_one_published_idx" ON "standard_versions" USING btree ("document_id") WHERE state = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "standard_versions_one_open_idx" ON "standard_versions" USING btree ("document_id") WHERE state in ('draft', 'review');--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post', 'standard', 'standard_comment'));
--> statement-breakpoint
-- Kept pages follow the standards (docs/decisions/010-page-cache-and-invalidation.md): a document,
-- any version a visitor can see (a draft is the editors' only), and a published record's comment hidden
-- or shown again. A new comment changes no page.
CREATE TRIGGER "standard_documents_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "standard_documents" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "standard_versions_insert_content_changed" AFTER INSERT ON "standard_versions" FOR EACH ROW WHEN (NEW.state <> 'draft') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "standard_versions_update_content_changed" AFTER UPDATE ON "standard_versions" FOR EACH ROW WHEN (OLD.state <> 'draft' OR NEW.state <> 'draft') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "standard_versions_delete_content_changed" AFTER DELETE ON "standard_versions" FOR EACH ROW WHEN (OLD.state <> 'draft') EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "standard_comments_update_content_changed" AFTER UPDATE ON "standard_comments" FOR EACH ROW WHEN (OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.disposition IS DISTINCT FROM NEW.disposition OR OLD.response IS DISTINCT FROM NEW.response) EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "standard_comments_delete_content_changed" AFTER DELETE ON "standard_comments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
