-- Sharding by studio: every tenant table's primary key, unique keys and foreign keys between tenant
-- tables include organization_id, as Citus requires of tables distributed by it (see the sharding
-- ADR in docs/decisions and db/sharding-keys.test.ts, which keeps it so). Hand-ordered: a foreign
-- key depends on the index of the key it references, so those keys' foreign keys are dropped
-- first and made again once (organization_id, id) is the primary key.
-- 1. Foreign keys into tables whose primary key changes depend on the old key's index: dropped, re-made below.
ALTER TABLE api_key_usage DROP CONSTRAINT api_key_usage_api_key_id_api_keys_id_fk;--> statement-breakpoint
ALTER TABLE audience_members DROP CONSTRAINT audience_members_audience_fk;--> statement-breakpoint
ALTER TABLE audience_members DROP CONSTRAINT audience_members_member_fk;--> statement-breakpoint
ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_automation_fk;--> statement-breakpoint
ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_lead_fk;--> statement-breakpoint
ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_member_fk;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_member_fk;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_membership_fk;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_session_fk;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_visit_id_member_visits_id_fk;--> statement-breakpoint
ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_member_fk;--> statement-breakpoint
ALTER TABLE campaign_recipients DROP CONSTRAINT campaign_recipients_campaign_fk;--> statement-breakpoint
ALTER TABLE campaign_recipients DROP CONSTRAINT campaign_recipients_member_fk;--> statement-breakpoint
ALTER TABLE campaigns DROP CONSTRAINT campaigns_audience_fk;--> statement-breakpoint
ALTER TABLE campaigns DROP CONSTRAINT campaigns_template_fk;--> statement-breakpoint
ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_class_fk;--> statement-breakpoint
ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_facility_fk;--> statement-breakpoint
ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_service_id_gym_services_id_fk;--> statement-breakpoint
ALTER TABLE conversations DROP CONSTRAINT conversations_assignee_fk;--> statement-breakpoint
ALTER TABLE conversations DROP CONSTRAINT conversations_member_fk;--> statement-breakpoint
ALTER TABLE data_import_records DROP CONSTRAINT data_import_records_import_fk;--> statement-breakpoint
ALTER TABLE email_events DROP CONSTRAINT email_events_campaign_fk;--> statement-breakpoint
ALTER TABLE email_events DROP CONSTRAINT email_events_recipient_fk;--> statement-breakpoint
ALTER TABLE kiosk_check_ins DROP CONSTRAINT kiosk_check_ins_kiosk_fk;--> statement-breakpoint
ALTER TABLE kiosk_check_ins DROP CONSTRAINT kiosk_check_ins_member_fk;--> statement-breakpoint
ALTER TABLE lead_tags DROP CONSTRAINT lead_tags_lead_fk;--> statement-breakpoint
ALTER TABLE lead_tags DROP CONSTRAINT lead_tags_tag_fk;--> statement-breakpoint
ALTER TABLE leads DROP CONSTRAINT leads_member_fk;--> statement-breakpoint
ALTER TABLE leads DROP CONSTRAINT leads_owner_fk;--> statement-breakpoint
ALTER TABLE leads DROP CONSTRAINT leads_source_fk;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_corrects_fk;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_member_fk;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_membership_fk;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_payment_method_fk;--> statement-breakpoint
ALTER TABLE member_access_spans DROP CONSTRAINT member_access_spans_organization_id_member_id_fkey;--> statement-breakpoint
ALTER TABLE member_first_bookings DROP CONSTRAINT member_first_bookings_organization_id_member_id_fkey;--> statement-breakpoint
ALTER TABLE member_payment_methods DROP CONSTRAINT member_payment_methods_member_fk;--> statement-breakpoint
ALTER TABLE member_sessions DROP CONSTRAINT member_sessions_member_id_members_id_fk;--> statement-breakpoint
ALTER TABLE member_tags DROP CONSTRAINT member_tags_member_fk;--> statement-breakpoint
ALTER TABLE member_tags DROP CONSTRAINT member_tags_tag_fk;--> statement-breakpoint
ALTER TABLE member_visits DROP CONSTRAINT member_visits_member_fk;--> statement-breakpoint
ALTER TABLE membership_pauses DROP CONSTRAINT membership_pauses_membership_fk;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_member_fk;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_plan_fk;--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_conversation_fk;--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_template_fk;--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_order_fk;--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_product_fk;--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_discount_fk;--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_member_fk;--> statement-breakpoint
ALTER TABLE plans DROP CONSTRAINT plans_service_fk;--> statement-breakpoint
ALTER TABLE portal_joins DROP CONSTRAINT portal_joins_member_id_members_id_fk;--> statement-breakpoint
ALTER TABLE portal_purchases DROP CONSTRAINT portal_purchases_member_id_members_id_fk;--> statement-breakpoint
ALTER TABLE push_notifications DROP CONSTRAINT push_notifications_audience_fk;--> statement-breakpoint
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_member_fk;--> statement-breakpoint
ALTER TABLE schedule_classes DROP CONSTRAINT schedule_classes_facility_fk;--> statement-breakpoint
ALTER TABLE schedule_classes DROP CONSTRAINT schedule_classes_service_id_gym_services_id_fk;--> statement-breakpoint
ALTER TABLE session_booking_counts DROP CONSTRAINT session_booking_counts_organization_id_session_id_fkey;--> statement-breakpoint
ALTER TABLE staff_tasks DROP CONSTRAINT staff_tasks_assignee_fk;--> statement-breakpoint
ALTER TABLE staff_tasks DROP CONSTRAINT staff_tasks_member_fk;--> statement-breakpoint
ALTER TABLE staff_tasks DROP CONSTRAINT staff_tasks_run_fk;--> statement-breakpoint
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_product_fk;--> statement-breakpoint
ALTER TABLE waiver_signatures DROP CONSTRAINT waiver_signatures_member_fk;--> statement-breakpoint
ALTER TABLE waiver_signatures DROP CONSTRAINT waiver_signatures_waiver_fk;--> statement-breakpoint
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_fk;--> statement-breakpoint
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_fk;--> statement-breakpoint
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_fk;--> statement-breakpoint
ALTER TABLE webhook_secrets DROP CONSTRAINT webhook_secrets_endpoint_fk;--> statement-breakpoint
-- 2. (organization_id, id) unique keys become the primary key itself.
ALTER TABLE api_keys DROP CONSTRAINT api_keys_org_id_key;--> statement-breakpoint
ALTER TABLE audiences DROP CONSTRAINT audiences_org_id_key;--> statement-breakpoint
ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_org_id_key;--> statement-breakpoint
ALTER TABLE automations DROP CONSTRAINT automations_org_id_key;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_org_id_key;--> statement-breakpoint
ALTER TABLE campaign_recipients DROP CONSTRAINT campaign_recipients_org_id_key;--> statement-breakpoint
ALTER TABLE campaigns DROP CONSTRAINT campaigns_org_id_key;--> statement-breakpoint
ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_org_id_key;--> statement-breakpoint
ALTER TABLE conversations DROP CONSTRAINT conversations_org_id_key;--> statement-breakpoint
ALTER TABLE data_imports DROP CONSTRAINT data_imports_org_id_key;--> statement-breakpoint
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_org_id_key;--> statement-breakpoint
ALTER TABLE email_templates DROP CONSTRAINT email_templates_org_id_key;--> statement-breakpoint
ALTER TABLE facilities DROP CONSTRAINT facilities_org_id_key;--> statement-breakpoint
ALTER TABLE gym_services DROP CONSTRAINT gym_services_org_id_key;--> statement-breakpoint
ALTER TABLE kiosks DROP CONSTRAINT kiosks_org_id_key;--> statement-breakpoint
ALTER TABLE lead_sources DROP CONSTRAINT lead_sources_org_id_key;--> statement-breakpoint
ALTER TABLE leads DROP CONSTRAINT leads_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_org_id_key;--> statement-breakpoint
ALTER TABLE members DROP CONSTRAINT members_org_id_key;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_org_id_key;--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_org_id_key;--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_org_id_key;--> statement-breakpoint
ALTER TABLE plans DROP CONSTRAINT plans_org_id_key;--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_org_id_key;--> statement-breakpoint
ALTER TABLE push_notifications DROP CONSTRAINT push_notifications_org_id_key;--> statement-breakpoint
ALTER TABLE schedule_classes DROP CONSTRAINT schedule_classes_org_id_key;--> statement-breakpoint
ALTER TABLE staff_tasks DROP CONSTRAINT staff_tasks_org_id_key;--> statement-breakpoint
ALTER TABLE tags DROP CONSTRAINT tags_org_id_key;--> statement-breakpoint
ALTER TABLE waivers DROP CONSTRAINT waivers_org_id_key;--> statement-breakpoint
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_org_id_key;--> statement-breakpoint
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_org_id_key;--> statement-breakpoint
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_org_id_key;--> statement-breakpoint
ALTER TABLE api_key_usage DROP CONSTRAINT api_key_usage_pkey;--> statement-breakpoint
ALTER TABLE api_keys DROP CONSTRAINT api_keys_pkey;--> statement-breakpoint
ALTER TABLE audiences DROP CONSTRAINT audiences_pkey;--> statement-breakpoint
ALTER TABLE audit_log DROP CONSTRAINT audit_log_pkey;--> statement-breakpoint
ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_pkey;--> statement-breakpoint
ALTER TABLE automations DROP CONSTRAINT automations_pkey;--> statement-breakpoint
ALTER TABLE bookings DROP CONSTRAINT bookings_pkey;--> statement-breakpoint
ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_pkey;--> statement-breakpoint
ALTER TABLE campaign_recipients DROP CONSTRAINT campaign_recipients_pkey;--> statement-breakpoint
ALTER TABLE campaigns DROP CONSTRAINT campaigns_pkey;--> statement-breakpoint
ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_pkey;--> statement-breakpoint
ALTER TABLE conversations DROP CONSTRAINT conversations_pkey;--> statement-breakpoint
ALTER TABLE data_imports DROP CONSTRAINT data_imports_pkey;--> statement-breakpoint
ALTER TABLE discount_codes DROP CONSTRAINT discount_codes_pkey;--> statement-breakpoint
ALTER TABLE email_events DROP CONSTRAINT email_events_pkey;--> statement-breakpoint
ALTER TABLE email_templates DROP CONSTRAINT email_templates_pkey;--> statement-breakpoint
ALTER TABLE facilities DROP CONSTRAINT facilities_pkey;--> statement-breakpoint
ALTER TABLE gym_services DROP CONSTRAINT gym_services_pkey;--> statement-breakpoint
ALTER TABLE kiosk_check_ins DROP CONSTRAINT kiosk_check_ins_pkey;--> statement-breakpoint
ALTER TABLE kiosks DROP CONSTRAINT kiosks_pkey;--> statement-breakpoint
ALTER TABLE lead_sources DROP CONSTRAINT lead_sources_pkey;--> statement-breakpoint
ALTER TABLE leads DROP CONSTRAINT leads_pkey;--> statement-breakpoint
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_pkey;--> statement-breakpoint
ALTER TABLE member_payment_methods DROP CONSTRAINT member_payment_methods_pkey;--> statement-breakpoint
ALTER TABLE member_sessions DROP CONSTRAINT member_sessions_pkey;--> statement-breakpoint
ALTER TABLE member_visits DROP CONSTRAINT member_visits_pkey;--> statement-breakpoint
ALTER TABLE members DROP CONSTRAINT members_pkey;--> statement-breakpoint
ALTER TABLE membership_pauses DROP CONSTRAINT membership_pauses_pkey;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_pkey;--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_pkey;--> statement-breakpoint
ALTER TABLE order_lines DROP CONSTRAINT order_lines_pkey;--> statement-breakpoint
ALTER TABLE orders DROP CONSTRAINT orders_pkey;--> statement-breakpoint
ALTER TABLE organization_users DROP CONSTRAINT organization_users_pkey;--> statement-breakpoint
ALTER TABLE pay_rates DROP CONSTRAINT pay_rates_pkey;--> statement-breakpoint
ALTER TABLE plans DROP CONSTRAINT plans_pkey;--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_pkey;--> statement-breakpoint
ALTER TABLE push_notifications DROP CONSTRAINT push_notifications_pkey;--> statement-breakpoint
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_pkey;--> statement-breakpoint
ALTER TABLE schedule_classes DROP CONSTRAINT schedule_classes_pkey;--> statement-breakpoint
ALTER TABLE staff_invitations DROP CONSTRAINT staff_invitations_pkey;--> statement-breakpoint
ALTER TABLE staff_tasks DROP CONSTRAINT staff_tasks_pkey;--> statement-breakpoint
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_pkey;--> statement-breakpoint
ALTER TABLE subscription_invoices DROP CONSTRAINT subscription_invoices_pkey;--> statement-breakpoint
ALTER TABLE tags DROP CONSTRAINT tags_pkey;--> statement-breakpoint
ALTER TABLE trainer_availability DROP CONSTRAINT trainer_availability_pkey;--> statement-breakpoint
ALTER TABLE waiver_signatures DROP CONSTRAINT waiver_signatures_pkey;--> statement-breakpoint
ALTER TABLE waivers DROP CONSTRAINT waivers_pkey;--> statement-breakpoint
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey;--> statement-breakpoint
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_pkey;--> statement-breakpoint
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_pkey;--> statement-breakpoint
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_pkey;--> statement-breakpoint
ALTER TABLE webhook_secrets DROP CONSTRAINT webhook_secrets_pkey;--> statement-breakpoint
ALTER TABLE api_key_usage ADD CONSTRAINT api_key_usage_pkey PRIMARY KEY (organization_id, api_key_id);--> statement-breakpoint
ALTER TABLE api_keys ADD CONSTRAINT api_keys_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE audiences ADD CONSTRAINT audiences_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE automations ADD CONSTRAINT automations_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE calendar_feeds ADD CONSTRAINT calendar_feeds_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE campaign_recipients ADD CONSTRAINT campaign_recipients_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE campaigns ADD CONSTRAINT campaigns_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE class_sessions ADD CONSTRAINT class_sessions_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE conversations ADD CONSTRAINT conversations_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE data_imports ADD CONSTRAINT data_imports_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE discount_codes ADD CONSTRAINT discount_codes_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE email_events ADD CONSTRAINT email_events_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE email_templates ADD CONSTRAINT email_templates_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE facilities ADD CONSTRAINT facilities_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE gym_services ADD CONSTRAINT gym_services_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE kiosk_check_ins ADD CONSTRAINT kiosk_check_ins_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE kiosks ADD CONSTRAINT kiosks_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE lead_sources ADD CONSTRAINT lead_sources_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE leads ADD CONSTRAINT leads_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE member_payment_methods ADD CONSTRAINT member_payment_methods_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE member_sessions ADD CONSTRAINT member_sessions_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE member_visits ADD CONSTRAINT member_visits_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE members ADD CONSTRAINT members_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE membership_pauses ADD CONSTRAINT membership_pauses_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE memberships ADD CONSTRAINT memberships_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE organization_users ADD CONSTRAINT organization_users_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE pay_rates ADD CONSTRAINT pay_rates_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE plans ADD CONSTRAINT plans_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE push_notifications ADD CONSTRAINT push_notifications_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE schedule_classes ADD CONSTRAINT schedule_classes_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE staff_invitations ADD CONSTRAINT staff_invitations_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE staff_tasks ADD CONSTRAINT staff_tasks_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE subscription_invoices ADD CONSTRAINT subscription_invoices_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE tags ADD CONSTRAINT tags_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE trainer_availability ADD CONSTRAINT trainer_availability_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE waiver_signatures ADD CONSTRAINT waiver_signatures_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE waivers ADD CONSTRAINT waivers_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE webhook_secrets ADD CONSTRAINT webhook_secrets_pkey PRIMARY KEY (organization_id, endpoint_id);--> statement-breakpoint
-- 3. Foreign keys again, now onto (organization_id, id).
ALTER TABLE audience_members ADD CONSTRAINT audience_members_audience_fk FOREIGN KEY (organization_id, audience_id) REFERENCES audiences(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE audience_members ADD CONSTRAINT audience_members_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_automation_fk FOREIGN KEY (organization_id, automation_id) REFERENCES automations(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_lead_fk FOREIGN KEY (organization_id, lead_id) REFERENCES leads(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_membership_fk FOREIGN KEY (organization_id, membership_id) REFERENCES memberships(organization_id, id) ON DELETE SET NULL (membership_id);--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_session_fk FOREIGN KEY (organization_id, session_id) REFERENCES class_sessions(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE calendar_feeds ADD CONSTRAINT calendar_feeds_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE campaign_recipients ADD CONSTRAINT campaign_recipients_campaign_fk FOREIGN KEY (organization_id, campaign_id) REFERENCES campaigns(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE campaign_recipients ADD CONSTRAINT campaign_recipients_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE SET NULL (member_id);--> statement-breakpoint
ALTER TABLE campaigns ADD CONSTRAINT campaigns_audience_fk FOREIGN KEY (organization_id, audience_id) REFERENCES audiences(organization_id, id) ON DELETE SET NULL (audience_id);--> statement-breakpoint
ALTER TABLE campaigns ADD CONSTRAINT campaigns_template_fk FOREIGN KEY (organization_id, template_id) REFERENCES email_templates(organization_id, id) ON DELETE SET NULL (template_id);--> statement-breakpoint
ALTER TABLE class_sessions ADD CONSTRAINT class_sessions_class_fk FOREIGN KEY (organization_id, class_id) REFERENCES schedule_classes(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE class_sessions ADD CONSTRAINT class_sessions_facility_fk FOREIGN KEY (organization_id, facility_id) REFERENCES facilities(organization_id, id);--> statement-breakpoint
ALTER TABLE conversations ADD CONSTRAINT conversations_assignee_fk FOREIGN KEY (organization_id, assignee_user_id) REFERENCES organization_users(organization_id, user_id) ON DELETE SET NULL (assignee_user_id);--> statement-breakpoint
ALTER TABLE conversations ADD CONSTRAINT conversations_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE data_import_records ADD CONSTRAINT data_import_records_import_fk FOREIGN KEY (organization_id, import_id) REFERENCES data_imports(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE email_events ADD CONSTRAINT email_events_campaign_fk FOREIGN KEY (organization_id, campaign_id) REFERENCES campaigns(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE email_events ADD CONSTRAINT email_events_recipient_fk FOREIGN KEY (organization_id, recipient_id) REFERENCES campaign_recipients(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE kiosk_check_ins ADD CONSTRAINT kiosk_check_ins_kiosk_fk FOREIGN KEY (organization_id, kiosk_id) REFERENCES kiosks(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE kiosk_check_ins ADD CONSTRAINT kiosk_check_ins_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE lead_tags ADD CONSTRAINT lead_tags_lead_fk FOREIGN KEY (organization_id, lead_id) REFERENCES leads(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE lead_tags ADD CONSTRAINT lead_tags_tag_fk FOREIGN KEY (organization_id, tag_id) REFERENCES tags(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE leads ADD CONSTRAINT leads_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE SET NULL (member_id);--> statement-breakpoint
ALTER TABLE leads ADD CONSTRAINT leads_owner_fk FOREIGN KEY (organization_id, owner_user_id) REFERENCES organization_users(organization_id, user_id) ON DELETE SET NULL (owner_user_id);--> statement-breakpoint
ALTER TABLE leads ADD CONSTRAINT leads_source_fk FOREIGN KEY (organization_id, source_id) REFERENCES lead_sources(organization_id, id) ON DELETE SET NULL (source_id);--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_corrects_fk FOREIGN KEY (organization_id, corrects_id) REFERENCES ledger_entries(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE SET NULL (member_id);--> statement-breakpoint
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_membership_fk FOREIGN KEY (organization_id, membership_id) REFERENCES memberships(organization_id, id) ON DELETE SET NULL (membership_id);--> statement-breakpoint
ALTER TABLE member_access_spans ADD CONSTRAINT member_access_spans_organization_id_member_id_fkey FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE member_first_bookings ADD CONSTRAINT member_first_bookings_organization_id_member_id_fkey FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE member_payment_methods ADD CONSTRAINT member_payment_methods_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE member_tags ADD CONSTRAINT member_tags_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE member_tags ADD CONSTRAINT member_tags_tag_fk FOREIGN KEY (organization_id, tag_id) REFERENCES tags(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE member_visits ADD CONSTRAINT member_visits_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE membership_pauses ADD CONSTRAINT membership_pauses_membership_fk FOREIGN KEY (organization_id, membership_id) REFERENCES memberships(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE memberships ADD CONSTRAINT memberships_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE memberships ADD CONSTRAINT memberships_plan_fk FOREIGN KEY (organization_id, plan_id) REFERENCES plans(organization_id, id);--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_conversation_fk FOREIGN KEY (organization_id, conversation_id) REFERENCES conversations(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_template_fk FOREIGN KEY (organization_id, template_id) REFERENCES email_templates(organization_id, id) ON DELETE SET NULL (template_id);--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_order_fk FOREIGN KEY (organization_id, order_id) REFERENCES orders(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE order_lines ADD CONSTRAINT order_lines_product_fk FOREIGN KEY (organization_id, product_id) REFERENCES products(organization_id, id);--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_discount_fk FOREIGN KEY (organization_id, discount_code_id) REFERENCES discount_codes(organization_id, id);--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE SET NULL (member_id);--> statement-breakpoint
ALTER TABLE plans ADD CONSTRAINT plans_service_fk FOREIGN KEY (organization_id, service_id) REFERENCES gym_services(organization_id, id) ON DELETE SET NULL (service_id);--> statement-breakpoint
ALTER TABLE push_notifications ADD CONSTRAINT push_notifications_audience_fk FOREIGN KEY (organization_id, audience_id) REFERENCES audiences(organization_id, id) ON DELETE SET NULL (audience_id);--> statement-breakpoint
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE schedule_classes ADD CONSTRAINT schedule_classes_facility_fk FOREIGN KEY (organization_id, facility_id) REFERENCES facilities(organization_id, id);--> statement-breakpoint
ALTER TABLE session_booking_counts ADD CONSTRAINT session_booking_counts_organization_id_session_id_fkey FOREIGN KEY (organization_id, session_id) REFERENCES class_sessions(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE staff_tasks ADD CONSTRAINT staff_tasks_assignee_fk FOREIGN KEY (organization_id, assignee_user_id) REFERENCES organization_users(organization_id, user_id) ON DELETE SET NULL (assignee_user_id);--> statement-breakpoint
ALTER TABLE staff_tasks ADD CONSTRAINT staff_tasks_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE SET NULL (member_id);--> statement-breakpoint
ALTER TABLE staff_tasks ADD CONSTRAINT staff_tasks_run_fk FOREIGN KEY (organization_id, automation_run_id) REFERENCES automation_runs(organization_id, id) ON DELETE SET NULL (automation_run_id);--> statement-breakpoint
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_product_fk FOREIGN KEY (organization_id, product_id) REFERENCES products(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE waiver_signatures ADD CONSTRAINT waiver_signatures_member_fk FOREIGN KEY (organization_id, member_id) REFERENCES members(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE waiver_signatures ADD CONSTRAINT waiver_signatures_waiver_fk FOREIGN KEY (organization_id, waiver_id) REFERENCES waivers(organization_id, id) ON DELETE RESTRICT;--> statement-breakpoint
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_fk FOREIGN KEY (organization_id, delivery_id) REFERENCES webhook_deliveries(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_fk FOREIGN KEY (organization_id, endpoint_id) REFERENCES webhook_endpoints(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_fk FOREIGN KEY (organization_id, event_id) REFERENCES webhook_events(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE webhook_secrets ADD CONSTRAINT webhook_secrets_endpoint_fk FOREIGN KEY (organization_id, endpoint_id) REFERENCES webhook_endpoints(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
-- 4. Foreign keys that named a tenant parent by id alone now carry organization_id too, so a row
-- can never point into another studio and Citus can check them on one shard. SET NULL clears only
-- the reference column (PostgreSQL 15+): organization_id stays.
ALTER TABLE "api_key_usage" ADD CONSTRAINT "api_key_usage_api_key_fk" FOREIGN KEY ("organization_id","api_key_id") REFERENCES "api_keys"("organization_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_visit_fk" FOREIGN KEY ("organization_id","visit_id") REFERENCES "member_visits"("organization_id","id") ON DELETE SET NULL ("visit_id");--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "gym_services"("organization_id","id") ON DELETE SET NULL ("service_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_method_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "member_payment_methods"("organization_id","id") ON DELETE SET NULL ("payment_method_id");--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "members"("organization_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "portal_joins" ADD CONSTRAINT "portal_joins_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "members"("organization_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "portal_purchases" ADD CONSTRAINT "portal_purchases_member_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "members"("organization_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "schedule_classes" ADD CONSTRAINT "schedule_classes_service_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "gym_services"("organization_id","id") ON DELETE SET NULL ("service_id");--> statement-breakpoint
-- 5. Unique indexes include organization_id. Secrets looked up before the studio is known (a key,
-- token or code hash) keep it as their first column, so that lookup still is one index probe.
DROP INDEX "bookings_live_member_session_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_member_session_idx" ON "bookings" USING btree ("organization_id","session_id","member_id") WHERE "bookings"."status" in ('booked', 'waitlisted', 'attended', 'no_show');--> statement-breakpoint
DROP INDEX "class_sessions_class_occurrence_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_class_occurrence_idx" ON "class_sessions" USING btree ("organization_id","class_id","occurrence_start");--> statement-breakpoint
DROP INDEX "api_keys_key_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash","organization_id");--> statement-breakpoint
DROP INDEX "conversations_reply_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_reply_token_idx" ON "conversations" USING btree ("reply_token","organization_id");--> statement-breakpoint
DROP INDEX "kiosks_token_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_token_hash_idx" ON "kiosks" USING btree ("token_hash","organization_id");--> statement-breakpoint
DROP INDEX "kiosks_pairing_code_hash_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_pairing_code_hash_idx" ON "kiosks" USING btree ("pairing_code_hash","organization_id");--> statement-breakpoint
ALTER TABLE "member_sessions" DROP CONSTRAINT "member_sessions_token_unique";--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_token_unique" UNIQUE("token","organization_id");--> statement-breakpoint
DROP INDEX "staff_invitations_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_idx" ON "staff_invitations" USING btree ("token","organization_id");
