-- Custom SQL migration file, put your code below! ---- The connect and communications tables belong to one organization each (docs/product/tenancy.md).
SELECT fitbase_enable_tenant_rls('email_templates');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('member_tags');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('audience_members');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('leads');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('lead_tags');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('campaign_recipients');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('email_events');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('automation_runs');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('conversations');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('messages');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('staff_tasks');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('push_notifications');
