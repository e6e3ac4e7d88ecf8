ALTER TABLE "members" ADD COLUMN "check_in_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "members_org_check_in_code_idx" ON "members" USING btree ("organization_id","check_in_code");