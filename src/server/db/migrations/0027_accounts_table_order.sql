-- The accounts table of /admin sorts by name, last sign-in or creation, and filters by role and department, in SQL:
-- each order has an index that ends with the id, the tie-breaker of every order and of the CSV export's keyset.
DROP INDEX IF EXISTS "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_last_login_order_idx" ON "users" USING btree (coalesce("last_login_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "users_role_department_idx" ON "users" USING btree ("role","department");
