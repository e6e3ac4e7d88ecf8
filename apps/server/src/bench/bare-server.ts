import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The baseline of bench:api: node:http + pg, no framework, no session, running the SQL of
 * FitBase's members first page (passed in BARE_SQL / BARE_PARAMS) and answering its rows as
 * JSON. What FitBase's own request path costs is the difference between the two.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const text = process.env.BARE_SQL ?? '';
const values = JSON.parse(process.env.BARE_PARAMS ?? '[]') as unknown[];
const port = Number(process.env.PORT);
/**
 * BARE_RLS_ORG set: the same query inside the tenant transaction FitBase uses (BEGIN with
 * the row-level-security role and organization in one message, the query, COMMIT), so the
 * benchmark shows what row-level security costs apart from everything else.
 */
const rlsOrg = process.env.BARE_RLS_ORG;

const server = createServer(async (req, res) => {
  if (req.url === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  try {
    const result = rlsOrg ? await inTenantTransaction(rlsOrg) : await pool.query(text, values);
    const body = JSON.stringify({ items: result.rows, nextCursor: null });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
async function inTenantTransaction(organizationId: string) {
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('app.organization_id', ${pg.escapeLiteral(organizationId)}, true), set_config('role', 'fitbase_app', true)`,
    );
    const result = await client.query(text, values);
    await client.query('commit');
    return result;
  } finally {
    client.release();
  }
}

server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
