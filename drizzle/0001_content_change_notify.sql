-- The database announces changes to the tables that public pages are rendered from, whoever made
-- them (either adapter, another replica, psql, a restore). Every process LISTENs on this channel
-- and drops its page cache. See docs/decisions/010-page-cache-and-invalidation.md.
CREATE OR REPLACE FUNCTION "notify_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "research_studies_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "research_studies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "educational_resources_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "educational_resources" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "testimonials_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
