ALTER TABLE "testimonials" ADD COLUMN "source" text DEFAULT 'visitor' NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_source_check" CHECK (source in ('visitor', 'council'));--> statement-breakpoint
-- Testimonials the council entered before this column existed each have the audit row of their
-- creation (only the admin's create writes one; a visitor's submission writes none).
UPDATE "testimonials" SET "source" = 'council'
WHERE "id"::text IN (SELECT "entity_id" FROM "audit_log" WHERE "entity" = 'testimonial' AND "action" = 'create');
