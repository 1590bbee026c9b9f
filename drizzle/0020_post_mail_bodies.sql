CREATE TABLE "post_mail_bodies" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"link_base" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"unreachable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_mail_bodies" ADD CONSTRAINT "post_mail_bodies_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;