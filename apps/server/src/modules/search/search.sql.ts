import { sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@fitbase/domain/contracts/staff';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { users } from '../../db/schema/auth.ts';
import { leads } from '../../db/schema/connect.ts';
import { members } from '../../db/schema/members.ts';
import { products } from '../../db/schema/money.ts';
import { organizationUsers } from '../../db/schema/organizations.ts';
import { profiles } from '../../db/schema/platform.ts';
import { scheduleClasses } from '../../db/schema/schedule.ts';

/**
 * Global search (docs/product/settings-and-help.md#global-search). ONE statement for every kind
 * (`searchAll`; a request used to make five round trips, each dearer on a busy server than most
 * branches cost to run). Per kind and tier (0 the whole text is the query, 1 a word starts with
 * it, 2 contains it, 3 only similar: a typo) one branch with its own LIMIT and no ORDER BY, so
 * PostgreSQL stops at the first `limit` matches of a tier instead of ranking every match (a
 * one-letter query matches a fifth of 100,000 members). The service orders within a tier and
 * merges the kinds.
 *
 * The searched expressions repeat the pg_trgm indexes' expressions exactly (drizzle/0001 for
 * members, drizzle/0020 for leads, products and classes): the planner only uses an expression
 * index when the query spells the same expression. LIKE and `%>` both use those GIN indexes.
 */

/** The kinds searched in the database (help articles are matched in memory). */
export type RecordKind = 'member' | 'lead' | 'staff' | 'class' | 'product';

export type Candidate = {
  kind: RecordKind;
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

/** One tier's branch of a source, or null when that tier does not apply to the query. */
function searchSource(
  kind: RecordKind,
  source: Source,
  t: Term,
  limit: number,
  tier: number,
): SQL | null {
  const branch = (match: SQL, score: SQL = sql`1::real`) =>
    sql`(select ${kind}::text as kind, ${source.columns}, ${tier}::int as tier, ${score} as score
      from ${source.from} where ${source.where} and ${match} limit ${limit})`;
  const email = source.email;
  const emailLike = email && !looksLikeAddress(t.lower) ? email : null;
  // Each tier ORs the text expressions with the email, so PostgreSQL combines their indexes.
  const withEmail = (text: SQL, emailMatch: SQL | null) =>
    emailMatch ? sql`(${text} or ${emailMatch})` : text;
  // LIKE without a wildcard is equality, and unlike `=` the trigram index serves it everywhere;
  // the email instead uses `=` on members_org_email_idx (organization_id, lower(email)).
  if (tier === 0)
    return branch(
      withEmail(
        anyOf(source.exprs, (e) => sql`${e} like ${t.pattern}`),
        email ? sql`${email} = ${t.lower}` : null,
      ),
    );
  if (tier === 1)
    return branch(
      withEmail(
        anyOf(
          source.exprs,
          (e) => sql`(${e} like ${`${t.pattern}%`} or ${e} like ${`% ${t.pattern}%`})`,
        ),
        emailLike ? sql`${emailLike} like ${`${t.pattern}%`}` : null,
      ),
    );
  if (t.lower.length < FUZZY_MIN_LENGTH) return null;
  if (tier === 2)
    return branch(
      withEmail(
        anyOf(source.exprs, (e) => sql`${e} like ${`%${t.pattern}%`}`),
        emailLike ? sql`${emailLike} like ${`%${t.pattern}%`}` : null,
      ),
    );
  return source.fuzzy
    ? branch(sql`${source.fuzzy} %> ${t.lower}`, sql`word_similarity(${t.lower}, ${source.fuzzy})`)
    : null;
}

/**
 * Members, the one kind a studio has by the hundred thousand, match inside
 * fitbase_search_members() (migrations 0021, 0023): row-level security keeps LIKE and `%>` (not
 * leakproof) from using the trigram indexes, so under the tenant role every miss scanned the
 * whole table (5.9 s p95 at 100,000 members). The function runs as the schema owner and reads
 * the studio from the transaction's own `app.organization_id`, so it can only ever return this
 * studio's ids; the row itself is then read here, under row-level security, by primary key.
 */
function searchMembers(organizationId: string, t: Term, limit: number, tier: number): SQL | null {
  if (tier >= 2 && t.lower.length < FUZZY_MIN_LENGTH) return null;
  // An address has no spaces: a query with one ('mary smith') cannot be part of one, and its
  // LIKE on the email trigram index was the word-prefix tier's dearest scan.
  const emailLike = !looksLikeAddress(t.lower) && !/\s/.test(t.lower);
  return sql`(select 'member'::text as kind, ${members.id} as id, ${members.firstName} || ' ' || ${members.lastName} as title,
      ${members.email} as subtitle, ${members.membershipStatus} as extra, ${tier}::int as tier, found.score
    from fitbase_search_members(${tier}, ${t.lower}, ${t.pattern}, ${emailLike}, ${limit}) as found
    join ${members} on ${members.id} = found.id
    where ${members.organizationId} = ${organizationId})`;
}

const leadText = sql`lower(${leads.firstName} || ' ' || ${leads.lastName} || ' ' || coalesce(${leads.email}, ''))`;
function searchLeads(organizationId: string, t: Term, limit: number, tier: number) {
  return searchSource(
    'lead',
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
    tier,
  );
}

const productText = sql`lower(${products.name} || ' ' || ${products.sku})`;
function searchProducts(organizationId: string, t: Term, limit: number, tier: number) {
  return searchSource(
    'product',
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
    tier,
  );
}

const className = sql`lower(${scheduleClasses.name})`;
function searchClasses(organizationId: string, t: Term, limit: number, tier: number) {
  return searchSource(
    'class',
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
    tier,
  );
}

/**
 * The studio's people as the staff screen lists them (roles staff, trainer, admin; the name the
 * studio gave them, else their own). A studio has a handful: no index is needed.
 */
const staffName = sql`coalesce(nullif(${organizationUsers.displayName}, ''), ${profiles.fullName}, nullif(${users.name}, ''))`;
function searchStaff(organizationId: string, t: Term, limit: number, tier: number) {
  const roles = sql.join(
    STAFF_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return searchSource(
    'staff',
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
    tier,
  );
}

const SEARCHES: Record<
  RecordKind,
  (organizationId: string, t: Term, limit: number, tier: number) => SQL | null
> = {
  member: searchMembers,
  lead: searchLeads,
  staff: searchStaff,
  class: searchClasses,
  product: searchProducts,
};

/**
 * How many results were found outside the database (help articles) in the exact or word-prefix
 * tiers, and in those or the contains tier.
 */
export type FoundElsewhere = { upToWordStart: number; upToContains: number };

/**
 * Every kind's tiers in ONE statement: each branch keeps its own LIMIT, so this returns at most
 * `limit` rows per kind and tier, unordered (the service ranks them). Tiers rank strictly
 * (`compare` in the service), so once `limit` distinct records match the exact or word-prefix
 * tiers, no contains or similar match can reach the answer: those branches then never run (a
 * one-time filter on a count of what was found). They are the expensive ones for a common
 * fragment ('son': thousands contain it, and `%>` rechecks every trigram candidate).
 */
export async function searchAll(
  unit: UnitOfWork,
  kinds: ReadonlyArray<RecordKind>,
  organizationId: string,
  t: Term,
  limit: number,
  elsewhere: FoundElsewhere,
): Promise<Candidate[]> {
  const tiers = (...ns: number[]) => {
    const branches = ns.flatMap((n) =>
      kinds
        .map((kind) => SEARCHES[kind](organizationId, t, limit, n))
        .filter((branch): branch is SQL => branch !== null),
    );
    return branches.length > 0 ? sql.join(branches, sql` union all `) : null;
  };
  const first = tiers(0, 1);
  if (!first) return [];
  const contains = limit > elsewhere.upToWordStart ? tiers(2) : null;
  const similar = contains && limit > elsewhere.upToContains ? tiers(3) : null;
  const distinct = (from: SQL) =>
    sql`(select count(*) from (select distinct kind, id from ${from}) d)`;
  const query = !contains
    ? first
    : sql`with first as materialized (${first}),
        second as materialized (select * from (${contains}) b
          where ${distinct(sql`first`)} < ${limit - elsewhere.upToWordStart})
      select * from first union all select * from second${
        similar
          ? sql` union all select * from (${similar}) c where ${distinct(
              sql`(select kind, id from first union all select kind, id from second) u`,
            )} < ${limit - elsewhere.upToContains}`
          : sql``
      }`;
  // Named by its shape (the kinds and tiers in it; everything else is a parameter): parsing and
  // planning this many branches, each with its row-level security policy, cost more than running
  // them, so each pooled connection plans a shape once
  // (docs/decisions/0015-hot-paths-fewer-round-trips.md). The kinds' initials are distinct.
  const shape = `${kinds.map((kind) => kind.charAt(0)).join('')}_${similar ? 3 : contains ? 2 : 1}`;
  const rows = await unit.prepared<
    Omit<Candidate, 'tier' | 'score'> & { tier: unknown; score: unknown }
  >(`fitbase_search_${shape}`, query);
  return rows.map((row) => ({ ...row, tier: Number(row.tier), score: Number(row.score) }));
}
