-- Columns that hold one of a fixed set of values (roles, departments, statuses, kinds, categories, rules, actions,
-- purposes) refuse any other, as the schema's types already do (docs/decisions/131-typed-value-columns.md). The lists
-- are those of src/shared; none has ever lost a value, so rows written by earlier versions all satisfy them
-- ('Accounting' is kept beside 'Accounts', as the product still offers both).
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('admin', 'staff', 'user'));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_check" CHECK ("department" IN ('Admin', 'Accounts', 'Accounting', 'Business Administration', 'Executive Assistant', 'Digital Marketing', 'HR', 'Projects', 'Secretariat', 'General Users'));
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_check" CHECK ("status" IN ('requested', 'planning', 'in_progress', 'on_hold', 'completed', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_category_check" CHECK ("category" IN ('residential', 'commercial', 'infrastructure', 'renovation', 'project-management', 'design-build'));
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_progress_mode_check" CHECK ("progress_mode" IN ('manual', 'milestones'));
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("kind" IN ('project', 'department', 'direct'));
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_department_check" CHECK ("department" IN ('Admin', 'Accounts', 'Accounting', 'Business Administration', 'Executive Assistant', 'Digital Marketing', 'HR', 'Projects', 'Secretariat', 'General Users'));
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_department_check" CHECK ("department" IN ('Admin', 'Accounts', 'Accounting', 'Business Administration', 'Executive Assistant', 'Digital Marketing', 'HR', 'Projects', 'Secretariat', 'General Users'));
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_media_check" CHECK ("media" IN ('video', 'voice'));
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('project_status', 'project_progress', 'project_update', 'milestone_done', 'document_added', 'project_assigned', 'project_requested', 'message', 'inquiry_assigned', 'call_missed', 'announcement'));
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_check" CHECK ("category" IN ('technology', 'projects', 'industry-insights', 'company-news'));
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_status_check" CHECK ("status" IN ('draft', 'published'));
--> statement-breakpoint
ALTER TABLE "contact_inquiries" ADD CONSTRAINT "contact_inquiries_status_check" CHECK ("status" IN ('new', 'assigned', 'handled'));
--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_outcome_check" CHECK ("outcome" IN ('success', 'failure'));
--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_rule_check" CHECK ("rule" IN ('address_failed_sign_ins', 'account_failed_sign_ins', 'account_many_addresses', 'credential_stuffing', 'lockout', 'refresh_token_reuse', 'blocked_account_sign_in', 'rate_limit_refusals', 'admin_new_device'));
--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_severity_check" CHECK ("severity" IN ('low', 'medium', 'high'));
--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_status_check" CHECK ("status" IN ('open', 'acknowledged'));
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_action_check" CHECK ("action" IN ('user.approved', 'user.role_changed', 'user.department_changed', 'user.blocked', 'user.unblocked', 'user.deleted', 'settings.changed', 'security_settings.changed', 'announcement.sent', 'message.removed', 'address.blocked', 'address.unblocked', 'staff.details_changed'));
--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD CONSTRAINT "oidc_flows_purpose_check" CHECK ("purpose" IN ('sign_in', 'link', 'confirm_link'));
--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_purpose_check" CHECK ("purpose" IN ('sign_in', 'add', 'step_up'));
