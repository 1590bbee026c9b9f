-- Null until the body is rendered: the start-up fills the rows made before this column
-- (renderMissingBodies, through src/db/prepare.ts), since SQL cannot run the Markdown renderer that
-- finds the headings.
ALTER TABLE "standard_versions" ADD COLUMN "body_headings" text[];
