-- Each person's time zone (docs/decisions/123-each-persons-time-zone.md): an IANA name, checked by the API when saved;
-- null until they choose one or their browser's is taken at their first sign-in, meanwhile Lagos time.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "time_zone" text;
