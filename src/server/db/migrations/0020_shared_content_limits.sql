-- Markdown is rendered when it is written and kept beside its source, so that reading a conversation or a post never
-- parses (docs/decisions/115-markdown-rendered-when-written.md). Rows written before stay null: rendered on read, or
-- shown as escaped text when they cannot be.
ALTER TABLE "messages" ADD COLUMN "body_html" text;
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "body_html" text;
