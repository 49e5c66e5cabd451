-- Invoices numbered without gaps, payments by transfer with their proof, receipts, and the payers a client adds
-- (docs/decisions/145-invoices-payments-and-the-statement.md). Clients and Accounts are told of them (three notice kinds).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('project_status', 'project_progress', 'project_update', 'milestone_done', 'document_added', 'project_assigned', 'project_requested', 'message', 'inquiry_assigned', 'call_missed', 'announcement', 'live_check_requested', 'live_check_answered', 'weekly_report', 'invoice_issued', 'payment_recorded', 'payment_decided'));
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_numbers_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"valuation_id" integer,
	"stage_id" integer,
	"amount_kobo" bigint NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"issued_by_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("kind" IN ('valuation', 'stage', 'retention')),
	CONSTRAINT "invoices_amount_check" CHECK ("amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_valuation_id_valuations_id_fk" FOREIGN KEY ("valuation_id") REFERENCES "public"."valuations"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_stage_id_payment_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."payment_stages"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_valuation_idx" ON "invoices" USING btree ("valuation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_stage_idx" ON "invoices" USING btree ("stage_id");
--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id","issued_on");
--> statement-breakpoint
CREATE TABLE "project_payers" (
	"project_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_payers_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "project_payers" ADD CONSTRAINT "project_payers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_payers" ADD CONSTRAINT "project_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_payers" ADD CONSTRAINT "project_payers_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "project_payers_user_idx" ON "project_payers" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"payer_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"proof_key" text NOT NULL,
	"proof_name" text NOT NULL,
	"proof_type" text NOT NULL,
	"proof_bytes" integer NOT NULL,
	"proof_sha256" text NOT NULL,
	"status" text DEFAULT 'awaiting_confirmation' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"receipt_number" text,
	CONSTRAINT "payments_status_check" CHECK ("status" IN ('awaiting_confirmation', 'confirmed', 'rejected')),
	CONSTRAINT "payments_amount_check" CHECK ("amount_kobo" > 0),
	CONSTRAINT "payments_receipt_check" CHECK (("status" = 'confirmed') = ("receipt_number" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payments_project_idx" ON "payments" USING btree ("project_id","paid_on");
--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "payments_awaiting_idx" ON "payments" USING btree ("recorded_at") WHERE "status" = 'awaiting_confirmation';
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_idx" ON "payments" USING btree ("receipt_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_confirmed_transfer_idx" ON "payments" USING btree ("project_id",upper(regexp_replace("reference", '\s', '', 'g')),"amount_kobo") WHERE "status" = 'confirmed';
