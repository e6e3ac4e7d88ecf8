import { createOrganizationSchema } from '@fitbase/domain/contracts/organizations';
import { createStaffSchema } from '@fitbase/domain/contracts/staff';
import { DEFAULT_SCHEDULE_SETTINGS } from '@fitbase/domain/contracts/bookings';
import { generalSettingsUpdateSchema } from '@fitbase/domain/contracts/settings';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { Deps } from '../http/types.ts';
import { JOB_SCHEMA } from '../jobs/job-names.ts';
import { saveScheduleSettings } from '../modules/bookings/schedule-settings.service.ts';
import { createOrganization } from '../modules/organizations/organizations.service.ts';
import { updateGeneralSettings } from '../modules/settings/settings.service.ts';
import { createStaffMember } from '../modules/staff/staff-create.service.ts';
import type { DemoClock } from './demo-clock.ts';
import type { DemoTeam } from './demo-context.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_STUDIO, DEMO_TEAM } from './demo-options.ts';
import { actAs, withDeps, type DemoPerson } from './demo-scope.ts';
import {
  accountsByEmail,
  deleteStudio,
  deleteUnusedAccounts,
  findDemoStudio,
  queuedJobsOf,
} from './demo.sql.ts';

const OWNER = DEMO_TEAM[0]!;

/** The demo's slug is taken by a studio someone made themselves: the demo leaves it alone. */
export class DemoSlugTakenError extends Error {
  constructor() {
    super(
      `A studio that npm run demo did not make uses the address "${DEMO_STUDIO.slug}": the demo ` +
        'changes nothing. Give that studio another URL slug (Settings › General) to run it.',
    );
  }
}

/**
 * Removes the jobs a studio's history queued and has not run (pg-boss's own deleteJob): old
 * waitlist notices or receipts would otherwise be emailed when the server next starts.
 */
export async function dropQueuedJobs(deps: Deps, organizationId: string): Promise<number> {
  const jobs = await queuedJobsOf(deps.database.db as Db, organizationId);
  if (jobs.length === 0) return 0;
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) => deps.database.executeSql(text, values),
    },
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  const byQueue = new Map<string, string[]>();
  for (const job of jobs) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job.id]);
  for (const [name, ids] of byQueue) await boss.deleteJob(name, ids);
  return jobs.length;
}

/**
 * The refresh (a second run): the previous demo studio goes with everything in it, then the demo
 * accounts no other studio has. Anything else in the database is left as it is.
 */
export async function removePreviousDemo(deps: Deps): Promise<{ replaced: boolean }> {
  const db = deps.database.db as Db;
  const found = await findDemoStudio(db, DEMO_STUDIO.slug, OWNER.email);
  if (found && !found.demoOwned) throw new DemoSlugTakenError();
  if (found) {
    await dropQueuedJobs(deps, found.id);
    await deleteStudio(db, found.id);
  }
  await deleteUnusedAccounts(db, DEMO_EMAILS);
  return { replaced: Boolean(found) };
}

/**
 * The studio and its team, opened on the first day of the history: the owner signs up (as on
 * /auth), creates the studio, fills its profile and rules, and creates the staff accounts with
 * a password (Staff › Create Staff Account).
 */
export async function openDemoStudio(
  deps: Deps,
  clock: DemoClock,
): Promise<{ organizationId: string; team: DemoTeam; warnings: string[] }> {
  const db = deps.database.db as Db;
  const warnings: string[] = [];
  let [owner] = await accountsByEmail(db, [OWNER.email]);
  if (!owner) {
    await deps.auth.api.signUpEmail({
      body: {
        email: OWNER.email,
        password: DEMO_PASSWORD,
        name: `${OWNER.firstName} ${OWNER.lastName}`,
      },
    });
    [owner] = await accountsByEmail(db, [OWNER.email]);
  } else
    warnings.push(`${OWNER.email} was kept (it belongs elsewhere too): its password is its own.`);
  if (!owner) throw new Error(`Could not create ${OWNER.email}`);
  const opened = clock.at(clock.firstDay, '08:00');
  const org = await createOrganization(
    { db, user: owner },
    createOrganizationSchema.parse({
      name: DEMO_STUDIO.name,
      slug: DEMO_STUDIO.slug,
      description: DEMO_STUDIO.description,
      subscriptionTier: 'trial',
      timezone: DEMO_STUDIO.timeZone,
    }),
    opened,
  );
  const organizationId = org.id;
  const ownerPerson: DemoPerson = {
    userId: owner.id,
    name: owner.name,
    email: owner.email,
    role: 'owner',
  };
  await actAs(db, organizationId, ownerPerson, async (scope) => {
    await updateGeneralSettings(
      scope,
      generalSettingsUpdateSchema.parse({
        postalAddress: DEMO_STUDIO.postalAddress,
        contactEmail: DEMO_STUDIO.contactEmail,
        contactPhone: DEMO_STUDIO.contactPhone,
        primaryColor: '#0f766e',
        // Six months of sales would leave their receipts marked for email, sent when a server
        // next starts on this database (receipts-mail.ts): the demo studio does not email them.
        emailReceipts: false,
      }),
    );
    // Late cancels and no-shows keep a pack's credit (no fee): every figure stays a class.
    await saveScheduleSettings(scope, {
      ...DEFAULT_SCHEDULE_SETTINGS,
      lateCancelPenalty: { kind: 'credit' },
      noShowPenalty: { kind: 'credit' },
    });
  });
  const addStaff = (person: (typeof DEMO_TEAM)[number]) =>
    actAs(db, organizationId, ownerPerson, (scope) =>
      createStaffMember(
        withDeps(scope, deps),
        createStaffSchema.parse({
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          department: person.department,
          role: person.role,
          password: DEMO_PASSWORD,
        }),
      ),
    );
  // Each account's password is hashed (scrypt, slow on purpose): on PostgreSQL the requests run
  // side by side, as several people at the desk would; the embedded database takes one at a time.
  if (deps.database.kind === 'postgres') await Promise.all(DEMO_TEAM.slice(1).map(addStaff));
  else for (const person of DEMO_TEAM.slice(1)) await addStaff(person);
  const accounts = new Map((await accountsByEmail(db, DEMO_EMAILS)).map((a) => [a.email, a]));
  const person = (email: string): DemoPerson => {
    const spec = DEMO_TEAM.find((p) => p.email === email)!;
    const account = accounts.get(email);
    if (!account) throw new Error(`The demo account ${email} was not created`);
    return {
      userId: account.id,
      name: `${spec.firstName} ${spec.lastName}`,
      email,
      role: spec.role,
    };
  };
  const team: DemoTeam = {
    owner: ownerPerson,
    admin: person('admin@demo.fitbase.local'),
    trainers: DEMO_TEAM.filter((p) => p.role === 'trainer').map((p) => person(p.email)),
    frontDesk: person('staff@demo.fitbase.local'),
  };
  return { organizationId, team, warnings };
}
