CREATE SEQUENCE "public"."listing_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "listing_chambers" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"chamber_listing_id" uuid,
	"name" text,
	"position" integer NOT NULL,
	CONSTRAINT "listing_chambers_named_check" CHECK ("listing_chambers"."chamber_listing_id" is not null or "listing_chambers"."name" is not null)
);
--> statement-breakpoint
CREATE TABLE "listing_declarations" (
	"listing_id" uuid NOT NULL,
	"version_id" integer NOT NULL,
	CONSTRAINT "listing_declarations_pk" PRIMARY KEY("listing_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "listing_documents" (
	"listing_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_documents_pk" PRIMARY KEY("listing_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "listing_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"expires_on" date NOT NULL,
	"actor_email" text NOT NULL,
	CONSTRAINT "listing_status_changes_from_check" CHECK ("listing_status_changes"."from_status" is null or from_status in ('listed', 'suspended', 'withdrawn', 'expired')),
	CONSTRAINT "listing_status_changes_to_check" CHECK (to_status in ('listed', 'suspended', 'withdrawn', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer DEFAULT nextval('listing_number_seq') NOT NULL,
	"number" text GENERATED ALWAYS AS ('MHBOT-SC/L-' || lpad(seq::text, greatest(4, length(seq::text)), '0')) STORED NOT NULL,
	"key" text GENERATED ALWAYS AS ('MHBOT-SC-L-' || lpad(seq::text, greatest(4, length(seq::text)), '0')) STORED NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"organisation_name" text NOT NULL,
	"website" text,
	"contact_email" text NOT NULL,
	"street" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"country" text,
	"latitude" double precision,
	"longitude" double precision,
	"manufacturer" text,
	"model_name" text,
	"max_pressure_ata" numeric(4, 2),
	"fda_510k" text,
	"stated_standards" text[] DEFAULT '{}'::text[] NOT NULL,
	"listed_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (btrim(regexp_replace(translate(coalesce(substr(coalesce(' · ' || organisation_name, '') || coalesce(' · ' || street, '') || coalesce(' · ' || city, '') || coalesce(' · ' || region, '') || coalesce(' · ' || postal_code, '') || coalesce(' · ' || country, ''), 4), ''), chr(57344) || chr(57345), ''), '\s+', ' ', 'g'))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(manufacturer || ' ' || model_name, organisation_name)), 'A') || setweight(to_tsvector('english'::regconfig, btrim(regexp_replace(translate(coalesce(substr(coalesce(' · ' || organisation_name, '') || coalesce(' · ' || street, '') || coalesce(' · ' || city, '') || coalesce(' · ' || region, '') || coalesce(' · ' || postal_code, '') || coalesce(' · ' || country, ''), 4), ''), chr(57344) || chr(57345), ''), '\s+', ' ', 'g'))), 'D')) STORED,
	CONSTRAINT "listings_kind_check" CHECK (kind in ('facility', 'chamber')),
	CONSTRAINT "listings_status_check" CHECK (status in ('listed', 'suspended', 'withdrawn', 'expired')),
	CONSTRAINT "listings_kind_fields_check" CHECK ((kind = 'facility' and city is not null and manufacturer is null and model_name is null and max_pressure_ata is null) or (kind = 'chamber' and manufacturer is not null and model_name is not null and max_pressure_ata is not null and city is null)),
	CONSTRAINT "listings_max_pressure_ata_check" CHECK (max_pressure_ata is null or (max_pressure_ata > 1 and max_pressure_ata <= 2)),
	CONSTRAINT "listings_dates_check" CHECK ("listings"."expires_on" > "listings"."listed_on")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_chambers" ADD CONSTRAINT "listing_chambers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_chambers" ADD CONSTRAINT "listing_chambers_chamber_listing_id_listings_id_fk" FOREIGN KEY ("chamber_listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_declarations" ADD CONSTRAINT "listing_declarations_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_declarations" ADD CONSTRAINT "listing_declarations_version_id_standard_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."standard_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_status_changes" ADD CONSTRAINT "listing_status_changes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_chambers_listing_idx" ON "listing_chambers" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_chambers_chamber_idx" ON "listing_chambers" USING btree ("chamber_listing_id");--> statement-breakpoint
CREATE INDEX "listing_declarations_version_idx" ON "listing_declarations" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_documents_attachment_idx" ON "listing_documents" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "listing_status_changes_listing_idx" ON "listing_status_changes" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "listing_status_changes_at_idx" ON "listing_status_changes" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_seq_idx" ON "listings" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_number_idx" ON "listings" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_key_idx" ON "listings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "listings_status_expires_idx" ON "listings" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post', 'standard', 'standard_comment', 'listing'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK (role in ('owner', 'editor', 'moderator', 'registrar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('owner', 'editor', 'moderator', 'registrar'));--> statement-breakpoint
-- Kept pages and answers follow the registry (docs/decisions/010-page-cache-and-invalidation.md):
-- every change to a listing, its chambers, its declarations or its history is public (a listing's
-- page, the list, the badge, the feed). Its evidence (listing_documents) is private and changes none.
CREATE TRIGGER "listings_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "listing_chambers_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_chambers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "listing_declarations_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_declarations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "listing_status_changes_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_status_changes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
-- The sequence belongs to the column it numbers (dropped with it; a dump restores its position).
ALTER SEQUENCE "listing_number_seq" OWNED BY "listings"."seq";
