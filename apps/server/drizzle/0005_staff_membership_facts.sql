-- What a studio says about a person (the name it uses, the department) belongs to the
-- membership, not to the shared profile: one studio must not rewrite what another sees.
ALTER TABLE "organization_users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "organization_users" ADD COLUMN "department" text;--> statement-breakpoint
-- Until now the department lived on the profile, shared by every studio of the person: each
-- membership keeps what was shown. The display name stays null, so lists keep showing the
-- person's own name as before.
UPDATE "organization_users" AS "ou" SET "department" = "p"."department"
  FROM "profiles" AS "p"
  WHERE "p"."id" = "ou"."user_id" AND "p"."department" IS NOT NULL;
