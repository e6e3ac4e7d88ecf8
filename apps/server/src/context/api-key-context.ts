import { createHash } from 'node:crypto';
import type { Context, Next } from 'hono';
import pg from 'pg';
import { API_KEY_PREFIX } from '@fitbase/domain/contracts/api-keys';
import { can, permissionMessage, type Permission } from '@fitbase/domain/permissions';
import type { Opening, PgUnitOfWork } from '../db/pg-unit-of-work.ts';
import { openPgRead, runPgUnit } from '../db/pg-unit-of-work.ts';
import { inlineStatement, isTransactionPooled, POOLED_SETTINGS } from '../db/pool-mode.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/types.ts';
import { AppError, forbidden, notFound } from '../lib/errors.ts';
import {
  apiKeyContextRow,
  apiKeyContextSql,
  findApiKeyContext,
  usageRow,
  usageSql,
  type ApiKeyContextRow,
  type RateLimit,
  type UsageRow,
} from './api-key-context.sql.ts';
import { registerUnit, runInStudio, TENANT_ROLE } from './run-in-studio.ts';
import { studioWriteCommitted } from './studio-writes.ts';
import { withoutUnit } from './without-unit.ts';

/**
 * A studio route reached with an API key (docs/product/integrations.md#api-keys,
 * docs/decisions/0033-api-keys.md): `Authorization: Bearer fb_...` instead of a session. The key
 * names its studio (no organization header needed; another studio's id answers like a missing
 * one), acts with an admin's permissions, read-only keys only read, and every request takes one
 * from the key's bucket in the database, so the limit holds across server processes.
 */

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The key of `Authorization: Bearer fb_...`, or null (a kiosk's `fbk_` is no API key). */
export function readApiKey(c: Context<AppEnv>): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec((c.req.header('authorization') ?? '').trim());
  const token = match?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

export const invalidApiKey = () =>
  new AppError(
    'invalid_api_key',
    'This API key is not valid: it was revoked or never existed. Create a key in Settings › API keys.',
  );

export const apiKeyNotAllowed = () =>
  new AppError(
    'api_key_not_allowed',
    'API keys cannot use this route: sign in to FitBase to do this.',
  );

export const apiKeyReadOnly = () =>
  new AppError(
    'api_key_read_only',
    'This API key is read-only: use a key with Read and write to make changes.',
  );

/** The IETF RateLimit fields on every key's answer, and Retry-After on a refusal. */
function rateLimitHeaders(c: Context<AppEnv>, usage: UsageRow) {
  const { perMinute, burst } = c.get('deps').config.apiKeyRateLimit;
  const perSecond = perMinute / 60;
  const remaining = Math.max(0, Math.floor(usage.tokens));
  c.header('RateLimit-Policy', `${burst};w=${Math.round(burst / perSecond)}, ${perMinute};w=60`);
  c.header('RateLimit-Limit', String(burst));
  c.header('RateLimit-Remaining', String(remaining));
  c.header('RateLimit-Reset', String(Math.ceil((burst - usage.tokens) / perSecond)));
  if (!usage.admitted) {
    const wait = Math.max(1, Math.ceil((1 - usage.tokens) / perSecond));
    c.header('Retry-After', String(wait));
    throw new AppError(
      'rate_limited',
      `This API key made too many requests: at most ${perMinute} a minute. Try again in ${wait} s.`,
    );
  }
}

type AdmittedKey = ApiKeyContextRow & { acting_user_id: string };

/** What the key may do here, or the error; then the request's studio, role and actor. */
function admit(
  c: Context<AppEnv>,
  permission: Permission,
  usage: UsageRow | null,
  key: ApiKeyContextRow | null,
  requested: { raw: string | null; id: string | null },
): AdmittedKey {
  if (!usage || !key || !key.acting_user_id) throw invalidApiKey();
  rateLimitHeaders(c, usage);
  if (requested.raw && requested.id !== key.organization_id) throw notFound('Organization');
  if (c.req.method !== 'GET' && key.scope === 'read') throw apiKeyReadOnly();
  // A key acts as an admin: what only an owner may do (billing, security, export) it may not.
  if (!can('admin', permission)) throw forbidden(permissionMessage(permission));
  c.set('membership', { organizationId: key.organization_id, role: 'admin' });
  c.set('user', { id: key.acting_user_id, email: '', name: key.key_name });
  return { ...key, acting_user_id: key.acting_user_id };
}

function setStudio(c: Context<AppEnv>, key: AdmittedKey, db: UnitOfWork['db'], work: UnitOfWork) {
  c.set('studio', {
    organizationId: key.organization_id,
    role: 'admin',
    userId: key.acting_user_id,
    userName: key.key_name,
    apiKeyId: key.key_id,
    db,
    work,
  });
}

/** Thrown inside the unit to roll it back after an error response was made. */
class RollbackAfterError extends Error {}

const WRITE_CONTEXT = apiKeyContextSql('true');
const READ_CONTEXT = apiKeyContextSql('false');

/**
 * PostgreSQL: the key's bucket in a transaction of its own (not waiting for the disk: a lost
 * bucket update costs nothing), then the request's own unit, its lookup and scope, all in the
 * unit's first message, as the staff fast path does (studio-fast-path.ts).
 */
function opening(
  hash: string,
  limit: RateLimit,
  read: boolean,
  ip: string,
  answered: (usage: UsageRow | null, key: ApiKeyContextRow | null) => void,
): Opening {
  const name = read ? 'fitbase_api_key_context_read' : 'fitbase_api_key_context';
  const answerWith = (usage: unknown, key: unknown) =>
    answered(
      usage === undefined ? null : usageRow.parse(usage),
      key === undefined ? null : apiKeyContextRow.parse(key),
    );
  const bucket = `set local synchronous_commit = off; ${usageSql(hash, limit)}; commit; `;
  if (isTransactionPooled()) {
    // Under a transaction pooler: no PREPARE, and the read is a read-only transaction with
    // transaction-local scope and role like the write (openPgRead ends it). The answers are
    // in the same places for both: [begin, set, usage, commit, begin, lookup, select].
    const inline = `${inlineStatement(WRITE_CONTEXT, ['text'], [pg.escapeLiteral(hash)])}; `;
    const local = `select set_config('role', '${TENANT_ROLE}', true), ${POOLED_SETTINGS}`;
    return {
      text: read
        ? `begin; ${bucket}begin read only; ${inline}${local}`
        : `${bucket}begin; ${inline}${local}, set_config('app.client_ip', ${pg.escapeLiteral(ip)}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`,
      answered: (results) => answerWith(results.at(-5)?.rows[0], results.at(-2)?.rows[0]),
    };
  }
  const lookup = `execute ${name}(${pg.escapeLiteral(hash)}); `;
  const text = read
    ? // The connection's last request left its role and scope for the session: reset first.
      `reset role; reset app.organization_id; reset app.user_id; begin read write; ${bucket}${lookup}select set_config('role', '${TENANT_ROLE}', false)`
    : `${bucket}begin; ${lookup}select set_config('role', '${TENANT_ROLE}', true), set_config('app.client_ip', ${pg.escapeLiteral(ip)}, true), set_config('plan_cache_mode', 'force_generic_plan', true)`;
  const prepare = `prepare ${name}(text) as ${read ? READ_CONTEXT : WRITE_CONTEXT}`;
  return {
    prepare: {
      name,
      // Sent once per connection before the text. On the read pool it closes its implicit
      // transaction: `begin read write` must be a transaction's first statement.
      text: read ? `set default_transaction_read_only = on; ${prepare}; commit` : prepare,
    },
    text,
    // Counted from the end: the first message of a connection also carries the PREPARE.
    answered: (results) =>
      answerWith(results.at(read ? -4 : -5)?.rows[0], results.at(-2)?.rows[0]),
  };
}

/** The studio route's guard for a request with an API key (declare-route.ts studioRoute). */
export async function apiKeyStudioRoute(
  c: Context<AppEnv>,
  next: Next,
  permission: Permission,
  transaction: boolean,
  requested: { raw: string | null; id: string | null },
): Promise<void> {
  const deps = c.get('deps');
  const hash = hashApiKey(c.get('apiKey')!);
  const { pool, readPool } = deps.database;
  const limit = deps.config.apiKeyRateLimit;
  const run = async (unit: UnitOfWork, key: AdmittedKey) => {
    registerUnit(unit);
    setStudio(c, key, unit.db, unit);
    c.set('deps', { ...deps, database: { ...deps.database, db: unit.db } });
    await next();
    if (c.error) throw new RollbackAfterError();
  };
  try {
    if (pool && transaction) {
      let answer: { usage: UsageRow | null; key: ApiKeyContextRow | null } | undefined;
      const answered = (usage: UsageRow | null, key: ApiKeyContextRow | null) =>
        (answer = { usage, key });
      // Read after the unit's first message, which carries the lookup.
      const admitted = () => admit(c, permission, answer!.usage, answer!.key, requested);
      if (c.req.method === 'GET' && readPool) {
        const read = await openPgRead(readPool, opening(hash, limit, true, clientIp(c), answered));
        try {
          await run(read.unit, admitted());
        } finally {
          read.release();
        }
        return;
      }
      await runPgUnit(
        pool,
        opening(hash, limit, false, clientIp(c), answered),
        (unit: PgUnitOfWork) => run(unit, admitted()),
      );
    } else {
      const { usage, context } = await findApiKeyContext(deps.database.db, hash, limit);
      const key = admit(c, permission, usage, context, requested);
      if (!transaction) {
        setStudio(c, key, deps.database.db, withoutUnit);
        return await next();
      }
      await runInStudio(deps.database.db, key.organization_id, (_tx, unit) => run(unit, key), {
        userId: '',
        ip: clientIp(c),
        apiKeyId: key.key_id,
      });
    }
    if (c.req.method !== 'GET') studioWriteCommitted(deps.database, c.get('studio').organizationId);
  } catch (error) {
    if (!(error instanceof RollbackAfterError)) throw error;
  } finally {
    c.set('deps', deps);
  }
}
