import { sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@fitbase/domain/contracts/staff';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { leads } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { products } from '../../db/schema/money.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';
import { scheduleClasses } from '../../db/schema/schedule.ts';

/**
 * Global search (docs/product/settings-and-help.md#global-search). One statement per kind: a
 * UNION ALL of one branch per tier (0 the whole text is the query, 1 a word starts with it,
 * 2 contains it, 3 only similar: a typo), each branch with its own LIMIT and no ORDER BY, so
 * PostgreSQL stops at the first `limit` matches of a tier instead of ranking every match (a
 * one-letter query matches a fifth of 100,000 members). The service orders within a tier and
 * merges the kinds.
 *
 * The searched expressions repeat the pg_trgm indexes' expressions exactly (drizzle/0001 for
 * members, drizzle/0020 for leads, products and classes): the planner only uses an expression
 * index when the query spells the same expression. LIKE and `%>` both use those GIN indexes.
 */

export type Candidate = {
  id: string;
  title: string;
  subtitle: string | null;
  /** A status, role, kind or start time, for the subtitle. */
  extra: string | null;
  tier: number;
  /** Trigram word similarity for the fuzzy tier; 1 otherwise. */
  score: number;
};

/** Queries shorter than this have no whole trigram: only word prefixes are matched (indexed). */
export const FUZZY_MIN_LENGTH = 3;

export type Term = { lower: string; pattern: string };

/** LIKE treats % and _ (and the escape character) specially; a search is plain text. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export function termOf(q: string): Term {
  const lower = q.toLowerCase();
  return { lower, pattern: escapeLike(lower) };
}

interface Source {
  /** id, title, subtitle, extra */
  columns: SQL;
  from: SQL;
  /** The organization (and any other fixed condition). */
  where: SQL;
  /** Lower-cased expressions matched by LIKE. */
  exprs: SQL[];
  /** The expression matched by similarity (typos), or null. */
  fuzzy: SQL | null;
  /**
   * A lower-cased email with a unique btree index, matched apart from `exprs`: whole-address
   * equality through the btree, no word-start pattern (an address has no spaces), and no LIKE
   * at all when the query looks like part of an address (see `looksLikeAddress`).
   */
  email?: SQL;
}

/**
 * A query with '.' or '@' is part of an address, often a domain every address shares
 * (`example.com`). Its trigrams then match nearly every row, the index cannot narrow anything,
 * and a LIKE branch that no row satisfies rechecks the whole studio (~250 ms at 100,000 members)
 * without ever filling its LIMIT. Such a query still finds a whole address by equality.
 */
export function looksLikeAddress(lower: string): boolean {
  return /[.@]/.test(lower);
}

const anyOf = (exprs: SQL[], build: (e: SQL) => SQL) =>
  sql`(${sql.join(exprs.map(build), sql` or `)})`;

function searchSource(db: Db | Tx, source: Source, t: Term, limit: number) {
  const branch = (tier: number, match: SQL, score: SQL = sql`1::real`) =>
    sql`(select ${source.columns}, ${tier}::int as tier, ${score} as score
      from ${source.from} where ${source.where} and ${match} limit ${limit})`;
  const email = source.email;
  const emailLike = email && !looksLikeAddress(t.lower) ? email : null;
  // Each tier ORs the text expressions with the email, so PostgreSQL combines their indexes.
  const withEmail = (text: SQL, emailMatch: SQL | null) =>
    emailMatch ? sql`(${text} or ${emailMatch})` : text;
  // LIKE without a wildcard is equality, and unlike `=` the trigram index serves it everywhere;
  // the email instead uses `=` on members_org_email_idx (organization_id, lower(email)).
  const branches = [
    branch(
      0,
      withEmail(
        anyOf(source.exprs, (e) => sql`${e} like ${t.pattern}`),
        email ? sql`${email} = ${t.lower}` : null,
      ),
    ),
    branch(
      1,
      withEmail(
        anyOf(
          source.exprs,
          (e) => sql`(${e} like ${`${t.pattern}%`} or ${e} like ${`% ${t.pattern}%`})`,
        ),
        emailLike ? sql`${emailLike} like ${`${t.pattern}%`}` : null,
      ),
    ),
  ];
  if (t.lower.length >= FUZZY_MIN_LENGTH) {
    branches.push(
      branch(
        2,
        withEmail(
          anyOf(source.exprs, (e) => sql`${e} like ${`%${t.pattern}%`}`),
          emailLike ? sql`${emailLike} like ${`%${t.pattern}%`}` : null,
        ),
      ),
    );
    if (source.fuzzy)
      branches.push(
        branch(
          3,
          sql`${source.fuzzy} %> ${t.lower}`,
          sql`word_similarity(${t.lower}, ${source.fuzzy})`,
        ),
      );
  }
  return run(db, sql.join(branches, sql` union all `));
}

async function run(db: Db | Tx, query: SQL): Promise<Candidate[]> {
  const result = (await db.execute(query)) as unknown as {
    rows: Array<Omit<Candidate, 'tier' | 'score'> & { tier: unknown; score: unknown }>;
  };
  return result.rows.map((row) => ({ ...row, tier: Number(row.tier), score: Number(row.score) }));
}

/**
 * Members, the one kind a studio has by the hundred thousand, match inside
 * fitbase_search_members() (migration 0021): row-level security keeps LIKE and `%>` (not
 * leakproof) from using the trigram indexes, so under the tenant role every miss scanned the
 * whole table (5.9 s p95 at 100,000 members). The function runs as the schema owner and reads
 * the studio from the transaction's own `app.organization_id`, so it can only ever return this
 * studio's ids; the row itself is then read here, under row-level security, by primary key.
 */
export function searchMembers(db: Db | Tx, organizationId: string, t: Term, limit: number) {
  const emailLike = !looksLikeAddress(t.lower);
  const tiers = t.lower.length >= FUZZY_MIN_LENGTH ? [0, 1, 2, 3] : [0, 1];
  const branches = tiers.map(
    (
      tier,
    ) => sql`(select ${members.id} as id, ${members.firstName} || ' ' || ${members.lastName} as title,
        ${members.email} as subtitle, ${members.membershipStatus} as extra, ${tier}::int as tier, found.score
      from fitbase_search_members(${tier}, ${t.lower}, ${t.pattern}, ${emailLike}, ${limit}) as found
      join ${members} on ${members.id} = found.id
      where ${members.organizationId} = ${organizationId})`,
  );
  return run(db, sql.join(branches, sql` union all `));
}

const leadText = sql`lower(${leads.firstName} || ' ' || ${leads.lastName} || ' ' || coalesce(${leads.email}, ''))`;
export function searchLeads(db: Db | Tx, organizationId: string, t: Term, limit: number) {
  return searchSource(
    db,
    {
      columns: sql`${leads.id} as id, ${leads.firstName} || ' ' || ${leads.lastName} as title,
        coalesce(${leads.email}, ${leads.phone}) as subtitle, ${leads.status} as extra`,
      from: sql`${leads}`,
      where: sql`${leads.organizationId} = ${organizationId}`,
      exprs: [leadText],
      fuzzy: leadText,
    },
    t,
    limit,
  );
}

const productText = sql`lower(${products.name} || ' ' || ${products.sku})`;
export function searchProducts(db: Db | Tx, organizationId: string, t: Term, limit: number) {
  return searchSource(
    db,
    {
      columns: sql`${products.id} as id, ${products.name} as title, ${products.sku} as subtitle,
        case when ${products.isActive} then 'active' else 'inactive' end as extra`,
      from: sql`${products}`,
      where: sql`${products.organizationId} = ${organizationId}`,
      exprs: [productText],
      fuzzy: productText,
    },
    t,
    limit,
  );
}

const className = sql`lower(${scheduleClasses.name})`;
export function searchClasses(db: Db | Tx, organizationId: string, t: Term, limit: number) {
  return searchSource(
    db,
    {
      columns: sql`${scheduleClasses.id} as id, ${scheduleClasses.name} as title,
        ${scheduleClasses.kind} as subtitle, to_char(${scheduleClasses.startTime}, 'HH24:MI') as extra`,
      from: sql`${scheduleClasses}`,
      where: sql`${scheduleClasses.organizationId} = ${organizationId} and ${scheduleClasses.archivedAt} is null`,
      exprs: [className],
      fuzzy: className,
    },
    t,
    limit,
  );
}

/**
 * The studio's people as the staff screen lists them (roles staff, trainer, admin; the name the
 * studio gave them, else their own). A studio has a handful: no index is needed.
 */
const staffName = sql`coalesce(nullif(${organizationUsers.displayName}, ''), ${profiles.fullName}, nullif(${users.name}, ''))`;
export function searchStaff(db: Db | Tx, organizationId: string, t: Term, limit: number) {
  const roles = sql.join(
    STAFF_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return searchSource(
    db,
    {
      columns: sql`${organizationUsers.id} as id, coalesce(${staffName}, ${users.email}) as title,
        ${users.email} as subtitle, ${organizationUsers.role} as extra`,
      from: sql`${organizationUsers}
        join ${users} on ${users.id} = ${organizationUsers.userId}
        left join ${profiles} on ${profiles.id} = ${organizationUsers.userId}`,
      where: sql`${organizationUsers.organizationId} = ${organizationId} and ${organizationUsers.role} in (${roles})`,
      exprs: [sql`lower(coalesce(${staffName}, ''))`, sql`lower(${users.email})`],
      fuzzy: sql`lower(coalesce(${staffName}, ''))`,
    },
    t,
    limit,
  );
}
