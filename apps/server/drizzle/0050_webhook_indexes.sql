CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("organization_id","delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("organization_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_occurred_idx" ON "webhook_events" USING btree ("occurred_at");