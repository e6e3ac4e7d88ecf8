ALTER TABLE "membership_rules" ADD COLUMN "pause_min_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_rules" ADD COLUMN "pause_max_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_rules" ADD COLUMN "pauses_per_year" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pause_starts_on" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pause_resumes_on" date;--> statement-breakpoint
ALTER TABLE "membership_rules" ADD CONSTRAINT "membership_rules_pause_check" CHECK ("membership_rules"."pause_min_days" between 1 and 365 and "membership_rules"."pause_max_days" between "membership_rules"."pause_min_days" and 365 and "membership_rules"."pauses_per_year" between 0 and 12);