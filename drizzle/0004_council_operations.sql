CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber'))
);
--> statement-breakpoint
ALTER TABLE "educational_resources" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at","id");--> statement-breakpoint
ALTER TABLE "educational_resources" ADD CONSTRAINT "educational_resources_file_id_attachments_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_status_created_idx" ON "contact_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "educational_resources_file_id_idx" ON "educational_resources" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_check" CHECK (status in ('new', 'read', 'archived'));--> statement-breakpoint
-- The audit log is append-only: no interface edits or deletes a row, and neither can a stray
-- statement (docs/decisions/014-audit-log.md). TRUNCATE stays possible for a restore or a test reset.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows cannot be changed or deleted';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- Visitors now submit testimonials, which wait for review: only a change that a visitor can see
-- (an approved row added, changed, unapproved or removed) drops the cached pages.
DROP TRIGGER IF EXISTS "testimonials_content_changed" ON "testimonials";
--> statement-breakpoint
CREATE TRIGGER "testimonials_insert_content_changed" AFTER INSERT ON "testimonials" FOR EACH ROW WHEN (NEW.is_approved) EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_update_content_changed" AFTER UPDATE ON "testimonials" FOR EACH ROW WHEN (OLD.is_approved OR NEW.is_approved) EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_delete_content_changed" AFTER DELETE ON "testimonials" FOR EACH ROW WHEN (OLD.is_approved) EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_truncate_content_changed" AFTER TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
-- Earlier versions seeded five testimonials from invented people. They are removed wherever they
-- are still exactly as seeded; anything an admin changed is left for the council to judge.
DELETE FROM "testimonials" WHERE ("name", "testimonial") IN (
  ('Maria Alvarez', 'The council’s screening guide and session checklist gave our studio a clear, written routine. Our clients notice the care we take before every session.'),
  ('James Okafor', 'As a facility operator I wanted standards I could point to. The position statement explains plainly what mild hyperbaric sessions are and what they are not.'),
  ('Linda Chen', 'I read the education pages before my first session. Knowing what 1.3 ATA means and what to expect in the chamber made the whole experience relaxed.'),
  ('David Brooks', 'The research library is honest about what the studies looked at, including that many are animal studies. That honesty is why I trust the council.'),
  ('Sarah Mitchell', 'Waiting for review: a testimonial that has not been approved yet and must not appear on the site.')
);
