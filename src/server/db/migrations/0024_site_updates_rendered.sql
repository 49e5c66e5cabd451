-- Site diary entries are rendered when written and kept beside their source, as messages and blog posts are
-- (docs/decisions/115-markdown-rendered-when-written.md). Entries written before stay null: rendered on read, or
-- shown as escaped text when they cannot be.
ALTER TABLE "project_updates" ADD COLUMN "body_html" text;
