CREATE TABLE "audience_members" (
	"organization_id" uuid NOT NULL,
	"audience_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_members_pk" PRIMARY KEY("organization_id","audience_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"member_id" uuid,
	"lead_id" uuid,
	"occurrence_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_runs_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "automation_runs_status_check" CHECK ("automation_runs"."status" in ('waiting', 'completed', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"member_id" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"machine_open_count" integer DEFAULT 0 NOT NULL,
	"first_clicked_at" timestamp with time zone,
	"click_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "campaign_recipients_status_check" CHECK ("campaign_recipients"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid,
	"recipient_id" uuid,
	"message_id" uuid,
	"kind" text NOT NULL,
	"url" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_events_kind_check" CHECK ("email_events"."kind" in ('open', 'machine_open', 'click', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "email_templates_status_check" CHECK ("email_templates"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "lead_tags" (
	"organization_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_tags_pk" PRIMARY KEY("organization_id","lead_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"source_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"owner_user_id" text,
	"trial_ends_on" date,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'trial', 'converted', 'lost')),
	CONSTRAINT "leads_contact_check" CHECK ("leads"."email" is not null or "leads"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tags_pk" PRIMARY KEY("organization_id","member_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_user_id" text,
	"reply_token" text NOT NULL,
	"last_message_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('open', 'resolved')),
	CONSTRAINT "conversations_unread_check" CHECK ("conversations"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"template_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_by" text,
	"from_address" text,
	"message_id_header" text,
	"first_opened_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('out', 'in')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "push_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"message" text NOT NULL,
	"audience_id" uuid,
	"is_marketing" boolean DEFAULT false NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"push_count" integer DEFAULT 0 NOT NULL,
	"email_count" integer DEFAULT 0 NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_notifications_org_id_key" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text,
	"assignee_user_id" text,
	"due_on" date NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"done_at" timestamp with time zone,
	"member_id" uuid,
	"automation_run_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_tasks_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "staff_tasks_priority_check" CHECK ("staff_tasks"."priority" in ('high', 'medium'))
);
--> statement-breakpoint
ALTER TABLE "audiences" DROP CONSTRAINT "audiences_member_count_check";--> statement-breakpoint
ALTER TABLE "automations" DROP CONSTRAINT "automations_workflow_count_check";--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_open_rate_check";--> statement-breakpoint
ALTER TABLE "lead_sources" DROP CONSTRAINT "lead_sources_lead_count_check";--> statement-breakpoint
DROP INDEX "lead_sources_org_name_idx";--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "kind" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "rules" jsonb;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "trigger" text DEFAULT 'member_joined' NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "trigger_days" integer;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "preset_key" text;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_rate_per_second" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_audience_fk" FOREIGN KEY ("organization_id","audience_id") REFERENCES "public"."audiences"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_members" ADD CONSTRAINT "audience_members_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_fk" FOREIGN KEY ("organization_id","automation_id") REFERENCES "public"."automations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_lead_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (member_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_campaign_fk" FOREIGN KEY ("organization_id","campaign_id") REFERENCES "public"."campaigns"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_recipient_fk" FOREIGN KEY ("organization_id","recipient_id") REFERENCES "public"."campaign_recipients"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_lead_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."leads"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_tag_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_fk" FOREIGN KEY ("organization_id","source_id") REFERENCES "public"."lead_sources"("organization_id","id") ON DELETE set null (source_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_fk" FOREIGN KEY ("organization_id","owner_user_id") REFERENCES "public"."organization_users"("organization_id","user_id") ON DELETE set null (owner_user_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (member_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tags" ADD CONSTRAINT "member_tags_tag_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_fk" FOREIGN KEY ("organization_id","assignee_user_id") REFERENCES "public"."organization_users"("organization_id","user_id") ON DELETE set null (assignee_user_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."email_templates"("organization_id","id") ON DELETE set null (template_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_audience_fk" FOREIGN KEY ("organization_id","audience_id") REFERENCES "public"."audiences"("organization_id","id") ON DELETE set null (audience_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_assignee_fk" FOREIGN KEY ("organization_id","assignee_user_id") REFERENCES "public"."organization_users"("organization_id","user_id") ON DELETE set null (assignee_user_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (member_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tasks" ADD CONSTRAINT "staff_tasks_run_fk" FOREIGN KEY ("organization_id","automation_run_id") REFERENCES "public"."automation_runs"("organization_id","id") ON DELETE set null (automation_run_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_members_org_member_idx" ON "audience_members" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_occurrence_idx" ON "automation_runs" USING btree ("organization_id","automation_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "automation_runs_due_idx" ON "automation_runs" USING btree ("next_run_at") WHERE "automation_runs"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "automation_runs_org_automation_idx" ON "automation_runs" USING btree ("organization_id","automation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_member_idx" ON "campaign_recipients" USING btree ("organization_id","campaign_id","member_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queued_idx" ON "campaign_recipients" USING btree ("organization_id","campaign_id","id") WHERE "campaign_recipients"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_events_org_campaign_idx" ON "email_events" USING btree ("organization_id","campaign_id","occurred_at");--> statement-breakpoint
CREATE INDEX "email_templates_org_created_idx" ON "email_templates" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_tags_org_tag_idx" ON "lead_tags" USING btree ("organization_id","tag_id");--> statement-breakpoint
CREATE INDEX "leads_org_created_idx" ON "leads" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_org_source_idx" ON "leads" USING btree ("organization_id","source_id");--> statement-breakpoint
CREATE INDEX "member_tags_org_tag_idx" ON "member_tags" USING btree ("organization_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_org_member_idx" ON "conversations" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_reply_token_idx" ON "conversations" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "conversations_org_last_idx" ON "conversations" USING btree ("organization_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_org_conversation_idx" ON "messages" USING btree ("organization_id","conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_org_created_idx" ON "messages" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "push_notifications_org_created_idx" ON "push_notifications" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_tasks_org_due_idx" ON "staff_tasks" USING btree ("organization_id","due_on");--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_audience_fk" FOREIGN KEY ("organization_id","audience_id") REFERENCES "public"."audiences"("organization_id","id") ON DELETE set null (audience_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."email_templates"("organization_id","id") ON DELETE set null (template_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automations_active_trigger_idx" ON "automations" USING btree ("trigger","organization_id") WHERE "automations"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "automations_org_preset_idx" ON "automations" USING btree ("organization_id","preset_key") WHERE "automations"."preset_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_org_name_idx" ON "tags" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_org_name_idx" ON "lead_sources" USING btree ("organization_id",lower("name"));--> statement-breakpoint
ALTER TABLE "audiences" DROP COLUMN "member_count";--> statement-breakpoint
ALTER TABLE "automations" DROP COLUMN "workflow_count";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "open_rate";--> statement-breakpoint
ALTER TABLE "lead_sources" DROP COLUMN "lead_count";--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_kind_check" CHECK ("audiences"."kind" in ('manual', 'dynamic'));--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_rules_check" CHECK (("audiences"."kind" = 'manual' and "audiences"."rules" is null) or ("audiences"."kind" = 'dynamic' and jsonb_typeof("audiences"."rules") = 'array'));--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_trigger_check" CHECK ("automations"."trigger" in ('member_joined', 'first_visit', 'no_visit_days', 'membership_expiring_days', 'membership_cancelled', 'birthday', 'trial_ending', 'lead_created', 'class_booked', 'first_class_attended'));--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_steps_check" CHECK (jsonb_typeof("automations"."steps") = 'array');--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_rate_check" CHECK ("campaigns"."send_rate_per_second" between 1 and 100);