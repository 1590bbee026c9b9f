ALTER TABLE "research_studies" ADD COLUMN "volume" text;--> statement-breakpoint
ALTER TABLE "research_studies" ADD COLUMN "issue" text;--> statement-breakpoint
ALTER TABLE "research_studies" ADD COLUMN "pages" text;