-- Custom SQL migration file, put your code below! --
-- The schedule's tables belong to one organization each (docs/product/tenancy.md).
SELECT fitbase_enable_tenant_rls('facilities');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('schedule_classes');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('class_sessions');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('bookings');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('trainer_availability');--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('schedule_settings');
