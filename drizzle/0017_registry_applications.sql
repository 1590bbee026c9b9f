CREATE TABLE "registry_application_documents" (
	"application_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_application_documents_pk" PRIMARY KEY("application_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "registry_application_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_application_messages_author_check" CHECK (author in ('council', 'applicant'))
);
--> statement-breakpoint
CREATE TABLE "registry_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"listing_id" uuid,
	"organisation_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"details" jsonb NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_applications_purpose_check" CHECK (purpose in ('new', 'renewal')),
	CONSTRAINT "registry_applications_kind_check" CHECK (kind in ('facility', 'chamber')),
	CONSTRAINT "registry_applications_state_check" CHECK (state in ('received', 'questions', 'approved', 'declined')),
	CONSTRAINT "registry_applications_renewal_check" CHECK (purpose = 'new' or listing_id is not null),
	CONSTRAINT "registry_applications_decided_check" CHECK ((state in ('received', 'questions') and decided_at is null) or (state in ('approved', 'declined') and decided_at is not null)),
	CONSTRAINT "registry_applications_declined_check" CHECK (state <> 'declined' or decline_reason is not null),
	CONSTRAINT "registry_applications_approved_check" CHECK (state <> 'approved' or listing_id is not null)
);
--> statement-breakpoint
CREATE TABLE "registry_concerns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"listing_id" uuid NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"what_happened" text NOT NULL,
	"happened_when" text NOT NULL,
	"consent" boolean NOT NULL,
	"outcome" text,
	"status_action" text,
	"status_reason" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_concerns_state_check" CHECK (state in ('new', 'looking', 'closed')),
	CONSTRAINT "registry_concerns_closed_check" CHECK ((state = 'closed') = (closed_at is not null and outcome is not null)),
	CONSTRAINT "registry_concerns_status_action_check" CHECK (status_action is null or status_action in ('suspend', 'withdraw'))
);
--> statement-breakpoint
CREATE TABLE "registry_notices" (
	"listing_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_notices_pk" PRIMARY KEY("listing_id","kind","about"),
	CONSTRAINT "registry_notices_kind_check" CHECK (kind in ('expiry_30', 'expiry_7', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_entity_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "concern_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "registry_application_documents" ADD CONSTRAINT "registry_application_documents_application_id_registry_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."registry_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_application_documents" ADD CONSTRAINT "registry_application_documents_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_application_messages" ADD CONSTRAINT "registry_application_messages_application_id_registry_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."registry_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_applications" ADD CONSTRAINT "registry_applications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_concerns" ADD CONSTRAINT "registry_concerns_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_notices" ADD CONSTRAINT "registry_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_application_documents_attachment_idx" ON "registry_application_documents" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "registry_application_messages_application_idx" ON "registry_application_messages" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_applications_number_idx" ON "registry_applications" USING btree ("number");--> statement-breakpoint
CREATE INDEX "registry_applications_state_idx" ON "registry_applications" USING btree ("state","last_activity_at");--> statement-breakpoint
CREATE INDEX "registry_applications_listing_idx" ON "registry_applications" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "registry_applications_email_idx" ON "registry_applications" USING btree ("contact_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_concerns_number_idx" ON "registry_concerns" USING btree ("number");--> statement-breakpoint
CREATE INDEX "registry_concerns_state_idx" ON "registry_concerns" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "registry_concerns_listing_idx" ON "registry_concerns" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_application_id_registry_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."registry_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_concern_id_registry_concerns_id_fk" FOREIGN KEY ("concern_id") REFERENCES "public"."registry_concerns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_application_id_idx" ON "mail_outbox" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_concern_id_idx" ON "mail_outbox" USING btree ("concern_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_listing_id_idx" ON "mail_outbox" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_entity_check" CHECK (entity in ('research_study', 'message', 'testimonial', 'resource', 'subscriber', 'file', 'member', 'post', 'standard', 'standard_comment', 'listing', 'registry_application', 'registry_concern'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK (kind in ('contact_notice', 'subscription_confirm', 'newsletter_welcome', 'newsletter_issue', 'registry_application_link', 'registry_application_notice', 'registry_question', 'registry_answer_notice', 'registry_approved', 'registry_declined', 'registry_renewal_reminder', 'registry_superseded', 'registry_concern_ack', 'registry_concern_notice'));