-- Uploads are in the activity log too (who uploaded which file name and size): entity 'file'.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file'));
