-- What the check-in kiosk reads on members (docs/product/kiosk.md): each member's number in
-- their studio, given on insert, and the kiosk PIN hash, cleared when the phone's last 4 digits
-- change (the PIN is hashed with them, so an old hash could never match again).
-- Installed by migration 0042.

-- New members take the next number of their studio; the lock makes two inserts of one studio
-- take turns (held to commit), so two never read the same maximum.
CREATE OR REPLACE FUNCTION "members_assign_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."member_number" IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('members_number:' || NEW."organization_id"::text, 0));
    SELECT coalesce(max("member_number"), 0) + 1 INTO NEW."member_number"
      FROM "members" WHERE "organization_id" = NEW."organization_id";
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS "members_assign_number" ON "members";
CREATE TRIGGER "members_assign_number" BEFORE INSERT ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_assign_number"();

-- The kiosk PIN is checked with the last 4 digits of the phone: when those change, the old PIN
-- hash can never match again, so it is cleared (the member sets a new PIN in the portal).
CREATE OR REPLACE FUNCTION "members_clear_kiosk_pin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF right(regexp_replace(coalesce(NEW."phone", ''), '\D', '', 'g'), 4)
     IS DISTINCT FROM right(regexp_replace(coalesce(OLD."phone", ''), '\D', '', 'g'), 4) THEN
    NEW."kiosk_pin_hash" := NULL;
  END IF;
  RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS "members_clear_kiosk_pin" ON "members";
CREATE TRIGGER "members_clear_kiosk_pin" BEFORE UPDATE OF "phone" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_clear_kiosk_pin"();
