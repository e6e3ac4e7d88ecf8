-- Each studio's order counter starts where its orders are (docs/product/money-and-store.md#orders).
INSERT INTO "order_number_counters" ("organization_id", "last_number")
SELECT "organization_id", max("number") FROM "orders" GROUP BY "organization_id";--> statement-breakpoint
SELECT fitbase_enable_tenant_rls('order_number_counters');
