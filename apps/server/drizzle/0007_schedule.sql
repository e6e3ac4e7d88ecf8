CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"waitlisted_at" timestamp with time zone,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"visit_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"booked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('booked', 'waitlisted', 'cancelled', 'late_cancelled', 'attended', 'no_show'))
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text DEFAULT 'class' NOT NULL,
	"class_id" uuid,
	"service_id" uuid,
	"name" text NOT NULL,
	"occurrence_start" timestamp with time zone,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"trainer_user_id" text,
	"facility_id" uuid,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"detached" boolean DEFAULT false NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"waitlist_count" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "class_sessions_kind_check" CHECK ("class_sessions"."kind" in ('class', 'course', 'appointment')),
	CONSTRAINT "class_sessions_status_check" CHECK ("class_sessions"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "class_sessions_capacity_check" CHECK ("class_sessions"."capacity" > 0),
	CONSTRAINT "class_sessions_time_check" CHECK ("class_sessions"."ends_at" > "class_sessions"."starts_at"),
	CONSTRAINT "class_sessions_counts_check" CHECK ("class_sessions"."booked_count" >= 0 and "class_sessions"."waitlist_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "facilities_name_check" CHECK (length(trim("facilities"."name")) > 0),
	CONSTRAINT "facilities_capacity_check" CHECK ("facilities"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "schedule_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text DEFAULT 'class' NOT NULL,
	"service_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"capacity" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"trainer_user_id" text,
	"facility_id" uuid,
	"color" text DEFAULT '#3b82f6' NOT NULL,
	"recurrence_rule" text,
	"starts_on" date NOT NULL,
	"start_time" time NOT NULL,
	"generated_until" date,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_classes_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "schedule_classes_kind_check" CHECK ("schedule_classes"."kind" in ('class', 'course')),
	CONSTRAINT "schedule_classes_name_check" CHECK (length(trim("schedule_classes"."name")) > 0),
	CONSTRAINT "schedule_classes_capacity_check" CHECK ("schedule_classes"."capacity" > 0),
	CONSTRAINT "schedule_classes_duration_check" CHECK ("schedule_classes"."duration_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "schedule_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"late_cancel_hours" integer DEFAULT 12 NOT NULL,
	"waitlist_cutoff_hours" integer DEFAULT 2 NOT NULL,
	"booking_closes_minutes" integer DEFAULT 0 NOT NULL,
	"auto_no_show" boolean DEFAULT true NOT NULL,
	"no_show_after_minutes" integer DEFAULT 30 NOT NULL,
	"late_cancel_penalty" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"no_show_penalty" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_settings_hours_check" CHECK ("schedule_settings"."late_cancel_hours" between 0 and 168),
	CONSTRAINT "schedule_settings_cutoff_check" CHECK ("schedule_settings"."waitlist_cutoff_hours" between 0 and 168),
	CONSTRAINT "schedule_settings_closes_check" CHECK ("schedule_settings"."booking_closes_minutes" between -1440 and 1440),
	CONSTRAINT "schedule_settings_no_show_check" CHECK ("schedule_settings"."no_show_after_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "trainer_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"trainer_user_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_availability_weekday_check" CHECK ("trainer_availability"."weekday" between 0 and 6),
	CONSTRAINT "trainer_availability_time_check" CHECK ("trainer_availability"."end_time" > "trainer_availability"."start_time")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_visit_id_member_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."member_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_session_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."class_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_service_id_gym_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."gym_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_trainer_user_id_users_id_fk" FOREIGN KEY ("trainer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_class_fk" FOREIGN KEY ("organization_id","class_id") REFERENCES "public"."schedule_classes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_facility_fk" FOREIGN KEY ("organization_id","facility_id") REFERENCES "public"."facilities"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_classes" ADD CONSTRAINT "schedule_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_classes" ADD CONSTRAINT "schedule_classes_service_id_gym_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."gym_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_classes" ADD CONSTRAINT "schedule_classes_trainer_user_id_users_id_fk" FOREIGN KEY ("trainer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_classes" ADD CONSTRAINT "schedule_classes_facility_fk" FOREIGN KEY ("organization_id","facility_id") REFERENCES "public"."facilities"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_settings" ADD CONSTRAINT "schedule_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_availability" ADD CONSTRAINT "trainer_availability_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_availability" ADD CONSTRAINT "trainer_availability_trainer_user_id_users_id_fk" FOREIGN KEY ("trainer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_member_session_idx" ON "bookings" USING btree ("session_id","member_id") WHERE "bookings"."status" in ('booked', 'waitlisted', 'attended', 'no_show');--> statement-breakpoint
CREATE INDEX "bookings_org_session_idx" ON "bookings" USING btree ("organization_id","session_id","status");--> statement-breakpoint
CREATE INDEX "bookings_org_member_start_idx" ON "bookings" USING btree ("organization_id","member_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_class_occurrence_idx" ON "class_sessions" USING btree ("class_id","occurrence_start");--> statement-breakpoint
CREATE INDEX "class_sessions_org_start_idx" ON "class_sessions" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_org_trainer_start_idx" ON "class_sessions" USING btree ("organization_id","trainer_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_org_facility_start_idx" ON "class_sessions" USING btree ("organization_id","facility_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_org_name_idx" ON "facilities" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "schedule_classes_org_name_idx" ON "schedule_classes" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "trainer_availability_org_trainer_idx" ON "trainer_availability" USING btree ("organization_id","trainer_user_id");