import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { members } from '../db/schema/members.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { Deps, SessionUser } from '../http/types.ts';
import { createOrganization } from '../modules/organizations/organizations.service.ts';

/** The account the seed creates and the benchmark signs in with (development data only). */
export const SEED_OWNER_EMAIL = 'seed-owner@fitbase.local';
// Not derived from the email: the password policy refuses those (auth/password-policy.ts).
export const SEED_OWNER_PASSWORD = 'Kettlebell-Orbit-Lantern-42';
export const DEFAULT_SEED_ORG = 'seed-gym';
/** Rows per INSERT statement. */
export const SEED_BATCH_SIZE = 5_000;
/**
 * From this many rows, the trigram (search) indexes are dropped for the load and rebuilt at
 * the end: building a GIN index in one pass is several times faster than growing it row by row.
 */
export const BULK_LOAD_THRESHOLD = 100_000;

const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'George',
  'Deborah',
  'Timothy',
  'Stephanie',
  'Ronald',
  'Rebecca',
  'Jason',
  'Sharon',
  'Edward',
  'Laura',
  'Jeffrey',
  'Cynthia',
  'Ryan',
  'Amy',
  'Jacob',
  'Kathleen',
  'Gary',
  'Angela',
  'Nicholas',
  'Shirley',
  'Eric',
  'Anna',
  'Jonathan',
  'Brenda',
  'Stephen',
  'Pamela',
  'Larry',
  'Emma',
  'Justin',
  'Nicole',
  'Scott',
  'Helen',
  'Brandon',
  'Samantha',
  'Benjamin',
  'Katherine',
  'Samuel',
  'Christine',
  'Gregory',
  'Debra',
  'Alexander',
  'Rachel',
  'Patrick',
  'Carolyn',
  'Frank',
  'Janet',
  'Raymond',
  'Maria',
  'Jack',
  'Olivia',
  'Dennis',
  'Heather',
  'Jerry',
  'Diane',
  'Tyler',
  'Julie',
  'Mateo',
  'Sofia',
  'Luca',
  'Yuki',
  'Aarav',
  'Priya',
  'Chen',
  'Mei',
  'Omar',
  'Fatima',
  'Kwame',
  'Amara',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Tanaka',
  'Okafor',
  'Kowalski',
  'Silva',
  'Novak',
  'Larsen',
  'Dubois',
  'Rossi',
  'Schmidt',
  'Haddad',
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com'];
const MEMBERSHIP_TYPES = [
  'Monthly Unlimited',
  'Annual',
  'Class Pack 10',
  'Personal Training',
  'Yoga',
  'BJJ',
  'Muay Thai',
  null,
];
/** Mostly active, as in a real studio. */
const STATUS_WEIGHTS = [
  ['active', 0.75],
  ['inactive', 0.12],
  ['suspended', 0.05],
  ['cancelled', 0.08],
] as const;
const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say', null] as const;
const FIVE_YEARS_MS = 5 * 365.25 * 86_400_000;

/** Small deterministic PRNG (mulberry32): the same seed gives the same people. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T;

function pickStatus(rnd: () => number) {
  let r = rnd();
  for (const [status, weight] of STATUS_WEIGHTS) {
    if ((r -= weight) < 0) return status;
  }
  return 'active';
}

/** The seed owner, created through better-auth the first time (so they can sign in). */
export async function ensureSeedOwner(deps: Deps): Promise<SessionUser> {
  const db = deps.database.db;
  const find = async () =>
    (await db.select().from(users).where(eq(users.email, SEED_OWNER_EMAIL)).limit(1))[0];
  let user = await find();
  if (!user) {
    await deps.auth.api.signUpEmail({
      body: { email: SEED_OWNER_EMAIL, password: SEED_OWNER_PASSWORD, name: 'Seed Owner' },
    });
    user = await find();
  }
  if (!user) throw new Error(`Could not create ${SEED_OWNER_EMAIL}`);
  return { id: user.id, email: user.email, name: user.name };
}

export async function findOrganizationBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  return row ?? null;
}

/** The organization to seed: an existing one by slug, or a new enterprise one (no member limit) owned by the seed owner. */
export async function ensureSeedOrganization(deps: Deps, slug: string, owner: SessionUser) {
  const existing = await findOrganizationBySlug(deps.database.db, slug);
  if (existing) return { id: existing.id, created: false };
  const name = slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  const org = await createOrganization(
    { db: deps.database.db, user: owner },
    {
      name,
      slug,
      description: 'Sample data created by npm run seed',
      subscriptionTier: 'enterprise',
      timezone: 'UTC',
    },
  );
  return { id: org.id, created: true };
}

type SeedRow = {
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  gender: string | null;
  dateOfBirth: string;
  membershipType: string | null;
  membershipStatus: string;
  membershipStartDate: string;
  createdBy: string | null;
  createdAt: Date;
};

/**
 * One INSERT ... SELECT FROM unnest(arrays) per batch: one array parameter per column.
 * A VALUES list binds a parameter per cell, which hits the drivers' parameter limits
 * (PGlite fails above 32,767) and spends seconds in the query builder for 5,000 rows.
 */
async function insertBatch(db: Db, rows: SeedRow[]): Promise<void> {
  const column = <T>(get: (r: SeedRow) => T) => sql.param(rows.map(get));
  const m = members;
  // An INSERT column list takes bare names, not the table-qualified ones ${column} renders.
  const names = [
    m.organizationId,
    m.firstName,
    m.lastName,
    m.email,
    m.phone,
    m.gender,
    m.dateOfBirth,
    m.membershipType,
    m.membershipStatus,
    m.membershipStartDate,
    m.createdBy,
    m.createdAt,
  ].map((c) => sql.identifier(c.name));
  await db.execute(sql`
    insert into ${m} (${sql.join(names, sql`, `)})
    select * from unnest(
      ${column((r) => r.organizationId)}::uuid[], ${column((r) => r.firstName)}::text[], ${column((r) => r.lastName)}::text[],
      ${column((r) => r.email)}::text[], ${column((r) => r.phone)}::text[], ${column((r) => r.gender)}::text[],
      ${column((r) => r.dateOfBirth)}::date[], ${column((r) => r.membershipType)}::text[], ${column((r) => r.membershipStatus)}::text[],
      ${column((r) => r.membershipStartDate)}::date[], ${column((r) => r.createdBy)}::text[], ${column((r) => r.createdAt.toISOString())}::timestamptz[]
    )`);
}

export interface SeedProgress {
  inserted: number;
  total: number;
  elapsedMs: number;
}

/**
 * Inserts `count` realistic members in batches of `batchSize` rows per INSERT. Emails carry a
 * per-run tag so seeding the same organization twice never hits the unique email index.
 */
export async function seedMembers(
  db: Db,
  options: {
    organizationId: string;
    createdBy: string | null;
    count: number;
    batchSize?: number;
    seed?: number;
  },
  onProgress?: (p: SeedProgress) => void,
): Promise<SeedProgress & { indexRebuildMs: number }> {
  if (options.count < BULK_LOAD_THRESHOLD)
    return { ...(await insertMembers(db, options, onProgress)), indexRebuildMs: 0 };
  // One transaction: if the load fails, the dropped indexes come back with the rollback.
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'members' and indexdef like '%gin_trgm_ops%'`)) as unknown as {
      rows: Array<{ indexname: string; indexdef: string }>;
    };
    for (const index of result.rows)
      await tx.execute(sql`drop index ${sql.identifier(index.indexname)}`);
    const progress = await insertMembers(tx as unknown as Db, options, onProgress);
    const rebuildStart = performance.now();
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // Recreated from their own definitions, so they stay exactly what the migrations made.
    for (const index of result.rows) await tx.execute(sql.raw(index.indexdef));
    return { ...progress, indexRebuildMs: performance.now() - rebuildStart };
  });
}

async function insertMembers(
  db: Db,
  options: {
    organizationId: string;
    createdBy: string | null;
    count: number;
    batchSize?: number;
    seed?: number;
  },
  onProgress?: (p: SeedProgress) => void,
): Promise<SeedProgress> {
  const batchSize = options.batchSize ?? SEED_BATCH_SIZE;
  const runTag = Date.now().toString(36);
  const rnd = random(options.seed ?? Date.now());
  const now = Date.now();
  const started = performance.now();
  let inserted = 0;
  while (inserted < options.count) {
    const size = Math.min(batchSize, options.count - inserted);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = inserted + k;
      const firstName = pick(rnd, FIRST_NAMES);
      const lastName = pick(rnd, LAST_NAMES);
      const createdAt = new Date(now - rnd() * FIVE_YEARS_MS);
      const birthYear = 1950 + Math.floor(rnd() * 58);
      const row: SeedRow = {
        organizationId: options.organizationId,
        firstName,
        lastName,
        email: `${firstName}.${lastName}.${runTag}${i}@${pick(rnd, EMAIL_DOMAINS)}`.toLowerCase(),
        phone: rnd() < 0.8 ? `555-${String(Math.floor(rnd() * 10_000)).padStart(4, '0')}` : null,
        gender: pick(rnd, GENDERS),
        dateOfBirth: `${birthYear}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`,
        membershipType: pick(rnd, MEMBERSHIP_TYPES),
        membershipStatus: pickStatus(rnd),
        membershipStartDate: createdAt.toISOString().slice(0, 10),
        createdBy: options.createdBy,
        createdAt,
      };
      return row;
    });
    await insertBatch(db, rows);
    inserted += size;
    onProgress?.({ inserted, total: options.count, elapsedMs: performance.now() - started });
  }
  return { inserted, total: options.count, elapsedMs: performance.now() - started };
}

/**
 * Fresh statistics for the planner and an up-to-date visibility map, so counts can be
 * answered from the indexes alone (index-only scans) right after a bulk load.
 */
export async function analyzeMembers(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze members`);
}

/**
 * What autovacuum would have done by now (it is off on the benchmark machine): statistics for
 * every table the members bench reads, the global search's small ones too, and for expression
 * indexes a later migration added to an already seeded database (the planner judges a pattern
 * on an expression index only from that index's own statistics). Cheap when nothing changed.
 */
export async function analyzeBenchTables(db: Db): Promise<void> {
  await db.execute(
    sql`vacuum (analyze) members, leads, products, schedule_classes, organization_users, users, user_roles, profiles, organizations, sessions, member_status_counts`,
  );
}
