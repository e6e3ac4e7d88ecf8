ALTER TABLE "gym_services" ADD CONSTRAINT "gym_services_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "demo_provider_charges" (
	"organization_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"approved" boolean NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"applies_to_plans" boolean DEFAULT true NOT NULL,
	"applies_to_products" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100) and "discount_codes"."value" <= 100000),
	CONSTRAINT "discount_codes_usage_check" CHECK ("discount_codes"."usage_limit" is null or "discount_codes"."times_used" <= "discount_codes"."usage_limit"),
	CONSTRAINT "discount_codes_dates_check" CHECK ("discount_codes"."ends_on" is null or "discount_codes"."starts_on" is null or "discount_codes"."ends_on" >= "discount_codes"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"description" text NOT NULL,
	"member_id" uuid,
	"membership_id" uuid,
	"order_id" uuid,
	"booking_id" uuid,
	"corrects_id" uuid,
	"due_key" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" uuid,
	"provider_reference" text,
	"failure_code" text,
	"failure_message" text,
	"recorded_by" text,
	"reason" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('charge', 'refund', 'write_off')),
	CONSTRAINT "ledger_entries_purpose_check" CHECK ("ledger_entries"."purpose" in ('plan', 'signup_fee', 'order', 'fee')),
	CONSTRAINT "ledger_entries_status_check" CHECK ("ledger_entries"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "ledger_entries_method_check" CHECK ("ledger_entries"."method" in ('card', 'cash', 'other')),
	CONSTRAINT "ledger_entries_provider_check" CHECK ("ledger_entries"."provider" in ('demo', 'manual')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (case "ledger_entries"."kind" when 'refund' then "ledger_entries"."amount" < 0 and "ledger_entries"."amount" >= -100000 else "ledger_entries"."amount" >= 0 and "ledger_entries"."amount" <= 100000 end),
	CONSTRAINT "ledger_entries_corrects_check" CHECK (("ledger_entries"."kind" = 'charge') = ("ledger_entries"."corrects_id" is null))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_billing_date" date,
	"credits_remaining" integer,
	"paused_on" date,
	"resumes_on" date,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_date" date,
	"discount_code_id" uuid,
	"sold_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "memberships_status_check" CHECK ("memberships"."status" in ('active', 'paused', 'past_due', 'cancelled', 'expired')),
	CONSTRAINT "memberships_price_check" CHECK ("memberships"."price" >= 0),
	CONSTRAINT "memberships_credits_check" CHECK ("memberships"."credits_remaining" is null or "memberships"."credits_remaining" >= 0),
	CONSTRAINT "memberships_dates_check" CHECK ("memberships"."end_date" is null or "memberships"."end_date" >= "memberships"."start_date")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"line_total" numeric(10, 2) NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 10000),
	CONSTRAINT "order_lines_returned_check" CHECK ("order_lines"."returned_quantity" between 0 and "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"member_id" uuid,
	"customer_name" text,
	"status" text NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	"discount_total" numeric(10, 2) DEFAULT '0' NOT NULL,
	"total" numeric(10, 2) NOT NULL,
	"refunded_total" numeric(10, 2) DEFAULT '0' NOT NULL,
	"discount_code_id" uuid,
	"method" text NOT NULL,
	"payment_method_id" uuid,
	"idempotency_key" text,
	"sold_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'failed', 'partially_refunded', 'refunded')),
	CONSTRAINT "orders_method_check" CHECK ("orders"."method" in ('card', 'cash', 'other')),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."total" >= 0 and "orders"."refunded_total" >= 0 and "orders"."refunded_total" <= "orders"."total")
);
--> statement-breakpoint
CREATE TABLE "pay_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"staff_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_rates_kind_check" CHECK ("pay_rates"."kind" in ('per_class', 'per_hour', 'per_attendee')),
	CONSTRAINT "pay_rates_amount_check" CHECK ("pay_rates"."amount" >= 0 and "pay_rates"."amount" <= 100000)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"service_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"billing_interval" text,
	"signup_fee" numeric(10, 2) DEFAULT '0' NOT NULL,
	"minimum_term_periods" integer,
	"weekly_class_limit" integer,
	"credits" integer,
	"validity_days" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "plans_kind_check" CHECK ("plans"."kind" in ('membership', 'class_pack', 'drop_in', 'trial', 'add_on')),
	CONSTRAINT "plans_name_check" CHECK (length(trim("plans"."name")) > 0),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price" >= 0 and "plans"."price" <= 100000),
	CONSTRAINT "plans_signup_fee_check" CHECK ("plans"."signup_fee" >= 0 and "plans"."signup_fee" <= 100000),
	CONSTRAINT "plans_interval_check" CHECK (("plans"."kind" = 'membership') = ("plans"."billing_interval" is not null) and ("plans"."billing_interval" is null or "plans"."billing_interval" in ('week', 'month', 'year'))),
	CONSTRAINT "plans_credits_check" CHECK ("plans"."credits" is null or "plans"."credits" between 1 and 1000),
	CONSTRAINT "plans_validity_check" CHECK ("plans"."validity_days" is null or "plans"."validity_days" between 1 and 3650),
	CONSTRAINT "plans_limit_check" CHECK ("plans"."weekly_class_limit" is null or "plans"."weekly_class_limit" between 1 and 100),
	CONSTRAINT "plans_term_check" CHECK ("plans"."minimum_term_periods" is null or "plans"."minimum_term_periods" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"category" text,
	"price" numeric(10, 2) NOT NULL,
	"cost" numeric(10, 2),
	"stock_on_hand" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock_on_hand" >= 0),
	CONSTRAINT "products_threshold_check" CHECK ("products"."low_stock_threshold" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0 and "products"."price" <= 100000),
	CONSTRAINT "products_cost_check" CHECK ("products"."cost" is null or ("products"."cost" >= 0 and "products"."cost" <= 100000)),
	CONSTRAINT "products_name_check" CHECK (length(trim("products"."name")) > 0),
	CONSTRAINT "products_sku_check" CHECK (length(trim("products"."sku")) > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_reason_check" CHECK ("stock_movements"."reason" in ('received', 'sold', 'returned', 'adjusted', 'counted')),
	CONSTRAINT "stock_movements_after_check" CHECK ("stock_movements"."stock_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "membership_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_provider_charges" ADD CONSTRAINT "demo_provider_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (member_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_membership_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE set null (membership_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corrects_fk" FOREIGN KEY ("organization_id","corrects_id") REFERENCES "public"."ledger_entries"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_method_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."member_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_fk" FOREIGN KEY ("organization_id","plan_id") REFERENCES "public"."plans"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."products"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."members"("organization_id","id") ON DELETE set null (member_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_fk" FOREIGN KEY ("organization_id","discount_code_id") REFERENCES "public"."discount_codes"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."gym_services"("organization_id","id") ON DELETE set null (service_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."products"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demo_provider_charges_key_idx" ON "demo_provider_charges" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_org_code_idx" ON "discount_codes" USING btree ("organization_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_occurred_idx" ON "ledger_entries" USING btree ("organization_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_org_member_idx" ON "ledger_entries" USING btree ("organization_id","member_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_org_due_idx" ON "ledger_entries" USING btree ("organization_id","due_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_corrects_idx" ON "ledger_entries" USING btree ("organization_id","corrects_id");--> statement-breakpoint
CREATE INDEX "memberships_org_member_idx" ON "memberships" USING btree ("organization_id","member_id","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "memberships_billing_idx" ON "memberships" USING btree ("organization_id","next_billing_date") WHERE "memberships"."status" = 'active';--> statement-breakpoint
CREATE INDEX "memberships_retry_idx" ON "memberships" USING btree ("organization_id","next_retry_date") WHERE "memberships"."next_retry_date" is not null;--> statement-breakpoint
CREATE INDEX "order_lines_org_order_idx" ON "order_lines" USING btree ("organization_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_number_idx" ON "orders" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_org_idempotency_idx" ON "orders" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pay_rates_org_staff_date_idx" ON "pay_rates" USING btree ("organization_id","staff_user_id","effective_from");--> statement-breakpoint
CREATE INDEX "plans_org_service_idx" ON "plans" USING btree ("organization_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_sku_idx" ON "products" USING btree ("organization_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_org_name_idx" ON "products" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "stock_movements_org_created_idx" ON "stock_movements" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_org_product_idx" ON "stock_movements" USING btree ("organization_id","product_id","created_at" DESC NULLS LAST);
