-- A staff record's job title and desk phone extension, kept by HR and the administrators and shown in the directory.
ALTER TABLE "users" ADD COLUMN "job_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_extension" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_job_title_length" CHECK (char_length("job_title") <= 80);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_extension_digits" CHECK ("phone_extension" ~ '^[0-9]{0,6}$');
