import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The floor of bench:portal's booking scenario: node:http + pg, no framework, no session (the
 * member's id comes in the `x-member` header), placing a booking with the fewest statements a
 * correct booking needs, in the tenant transaction FitBase uses (row-level security on): BEGIN
 * with the scope and role, the session locked, the booking inserted as booked or waitlisted by
 * the places left, the session's counts updated, COMMIT. No entitlement, no overlap or cut-off
 * check, no audit, no notification: what FitBase's own booking costs is the difference.
 * POST /book/{sessionId}; BARE_ORG names the studio.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const organizationId = process.env.BARE_ORG ?? '';
const port = Number(process.env.PORT);

const LOCK = `select capacity, booked_count, starts_at, ends_at from class_sessions
  where organization_id = $1 and id = $2 for update`;
const INSERT = `insert into bookings (organization_id, session_id, member_id, status, waitlisted_at, starts_at, ends_at)
  values ($1, $2, $3, $4, case when $4 = 'waitlisted' then now() end, $5, $6) returning id, status`;
const COUNT = `update class_sessions set booked_count = booked_count + $3, waitlist_count = waitlist_count + $4
  where organization_id = $1 and id = $2`;

async function book(sessionId: string, memberId: string) {
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('app.organization_id', ${pg.escapeLiteral(organizationId)}, true), set_config('role', 'fitbase_app', true)`,
    );
    const { rows } = await client.query({
      name: 'bare_lock',
      text: LOCK,
      values: [organizationId, sessionId],
    });
    const session = rows[0] as
      { capacity: number; booked_count: number; starts_at: Date; ends_at: Date } | undefined;
    if (!session) {
      await client.query('rollback');
      return null;
    }
    const status = session.booked_count < session.capacity ? 'booked' : 'waitlisted';
    const inserted = await client.query({
      name: 'bare_insert',
      text: INSERT,
      values: [organizationId, sessionId, memberId, status, session.starts_at, session.ends_at],
    });
    await client.query({
      name: 'bare_count',
      text: COUNT,
      values: [organizationId, sessionId, status === 'booked' ? 1 : 0, status === 'booked' ? 0 : 1],
    });
    await client.query('commit');
    return inserted.rows[0] as { id: string; status: string };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  const match = /^\/book\/([0-9a-f-]{36})$/.exec(req.url ?? '');
  const memberId = req.headers['x-member'];
  if (req.method !== 'POST' || !match || typeof memberId !== 'string') {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  book(match[1]!, memberId).then(
    (booking) =>
      booking
        ? res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(booking))
        : res.writeHead(404).end(),
    (error: unknown) => res.writeHead(500).end(String(error)),
  );
});

server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
