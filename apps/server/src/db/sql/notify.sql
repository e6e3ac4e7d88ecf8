-- Installed by migration 0026.
-- A studio request's realtime NOTIFYs travel in the same message as its COMMIT, right after it
-- (the unit of work's notify, apps/server/src/db/pg-unit-of-work.ts): one round trip fewer on every write. They run after the
-- COMMIT, in their own implicit transaction, so a NOTIFY that fails (the notify queue full) must
-- not fail the message: the request's data is committed by then, and its answer must say so.
-- Realtime events only tell clients to refetch: a lost one is logged, never an error
-- (docs/decisions/0020-generic-plans-and-notify-after-commit.md).
CREATE OR REPLACE FUNCTION fitbase_notify(channels text[], payloads text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	FOR i IN 1 .. coalesce(array_length(payloads, 1), 0) LOOP
		BEGIN
			PERFORM pg_notify(channels[i], payloads[i]);
		EXCEPTION WHEN OTHERS THEN
			-- This one is lost; the others are still sent.
			RAISE WARNING 'A realtime notification was not sent: %', SQLERRM;
		END;
	END LOOP;
END $$;
GRANT EXECUTE ON FUNCTION fitbase_notify(text[], text[]) TO fitbase_app;
