import { TZDate } from '@date-fns/tz';
import { MIN_GRAPHIC_CONTRAST, lowContrastMessage } from '@fitbase/domain/colour-contrast';
import { SETUP_PLANS, maxMembersForTier } from '@fitbase/domain/constants';
import type {
  Billing,
  ChangePlanInput,
  GeneralSettings,
  generalSettingsUpdateSchema,
} from '@fitbase/domain/contracts/settings';
import { BILLING_RETRY_DAYS } from '@fitbase/domain/money-constants';
import { addMonths, differenceInCalendarDays, format } from 'date-fns';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { PublicScope, StudioScope } from '../../http/types.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { countStudioMembers } from '../members/members.service.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import { processLogo } from './logo-image.ts';
import * as queries from './settings.queries.ts';

/** Settings → General and Billing: docs/product/settings-and-help.md. */

type Scope = Pick<StudioScope, 'organizationId' | 'work' | 'db'>;
type GeneralUpdate = z.output<typeof generalSettingsUpdateSchema>;

const STUDIO = 'Organization';

export const logoUrlFor = (hash: string) => `/api/logos/${hash}`;

/*
 * Every screen showing the studio's name, branding or plan reads it from /api/me or these
 * settings; one `settings` event makes every open browser of the studio refetch both.
 */
const notify = (scope: Scope) =>
  publishChange(scope.work, {
    organizationId: scope.organizationId,
    entity: 'settings',
    action: 'updated',
    ids: [scope.organizationId],
  });

function serializeGeneral(row: queries.OrganizationRow, currencyLocked: boolean): GeneralSettings {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    timezone: row.timezone,
    currency: row.currency,
    locale: row.locale,
    currencyLocked,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    postalAddress: row.postalAddress,
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    legalName: row.legalName,
    taxId: row.taxId,
    emailReceipts: row.emailReceipts,
    logoUrl: row.logoHash ? logoUrlFor(row.logoHash) : null,
    billingRetryDays: [...BILLING_RETRY_DAYS],
  };
}

async function loadOrganization(db: Db | Tx, organizationId: string) {
  const row = await queries.findOrganization(db, organizationId);
  if (!row) throw notFound(STUDIO);
  return row;
}

export async function getGeneralSettings(scope: Scope): Promise<GeneralSettings> {
  const row = await loadOrganization(scope.db, scope.organizationId);
  return serializeGeneral(row, await queries.hasLedgerEntry(scope.db, scope.organizationId));
}

/*
 * The currency is chosen until the first sale: every stored amount is in it and the ledger keeps
 * no per-row currency, so changing it afterwards would silently turn $50 into 50 €.
 */
const currencyLocked = (currency: string) =>
  new AppError(
    'currency_locked',
    `The currency stays ${currency}: this studio has already recorded sales in it, and past amounts cannot change currency.`,
    { currency: 'The currency cannot change after the first sale' },
  );

const slugTaken = (slug: string) =>
  new AppError(
    'conflict',
    `The URL slug "${slug}" is already taken by another studio. Choose another one.`,
    { slug: 'This URL slug is already taken' },
  );

function checkContrast(input: GeneralUpdate): void {
  const primary = input.primaryColor ? lowContrastMessage(input.primaryColor) : null;
  const secondary = input.secondaryColor
    ? lowContrastMessage(input.secondaryColor, MIN_GRAPHIC_CONTRAST)
    : null;
  const message = primary ?? secondary;
  if (!message) return;
  const fields: Record<string, string> = {};
  if (primary) fields.primaryColor = primary;
  if (secondary) fields.secondaryColor = secondary;
  throw new AppError('low_contrast', message, fields);
}

/**
 * Saves the studio profile. A new slug keeps the old one as a redirect, so links already
 * printed or emailed keep working; a slug another studio uses now or used before is refused.
 */
export async function updateGeneralSettings(
  scope: Scope,
  input: GeneralUpdate,
): Promise<GeneralSettings> {
  checkContrast(input);
  try {
    return await scope.db.transaction(async (tx) => {
      const current = await queries.lockOrganization(tx, scope.organizationId);
      if (!current) throw notFound(STUDIO);
      const { slug, ...fields } = input;
      const locked = await queries.hasLedgerEntry(tx, scope.organizationId);
      if (fields.currency !== undefined && fields.currency !== current.currency && locked) {
        throw currencyLocked(current.currency);
      }
      const values: Parameters<typeof queries.updateOrganization>[2] = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(values, { [key]: value });
      }
      // Saving the form with its currency field is a choice, even of the default it showed.
      if (fields.currency !== undefined && !current.currencyChosenAt)
        values.currencyChosenAt = new Date();
      if (slug !== undefined && slug !== current.slug) {
        if (await queries.slugUsedElsewhere(tx, scope.organizationId, slug)) throw slugTaken(slug);
        await queries.moveSlug(tx, scope.organizationId, current.slug, slug);
        values.slug = slug;
      }
      const row = await queries.updateOrganization(tx, scope.organizationId, values);
      if (!row) throw notFound(STUDIO);
      notify(scope);
      return serializeGeneral(row, locked);
    });
  } catch (error) {
    // Two studios racing for one slug: the unique indexes decide.
    if (input.slug && isUniqueViolation(error)) throw slugTaken(input.slug);
    throw error;
  }
}

export async function uploadLogo(scope: Scope, bytes: Buffer): Promise<{ logoUrl: string }> {
  const logo = await processLogo(bytes);
  return scope.db.transaction(async (tx) => {
    await queries.replaceLogo(tx, scope.organizationId, logo);
    const url = logoUrlFor(logo.contentHash);
    const row = await queries.updateOrganization(tx, scope.organizationId, {
      logoHash: logo.contentHash,
      logoUrl: url,
    });
    if (!row) throw notFound(STUDIO);
    notify(scope);
    return { logoUrl: url };
  });
}

export async function removeLogo(scope: Scope): Promise<{ logoUrl: null }> {
  return scope.db.transaction(async (tx) => {
    const row = await queries.updateOrganization(tx, scope.organizationId, {
      logoHash: null,
      logoUrl: null,
    });
    if (!row) throw notFound(STUDIO);
    await queries.deleteLogos(tx, scope.organizationId);
    notify(scope);
    return { logoUrl: null };
  });
}

/** A logo by content hash for the public route; null when no studio uses it now. */
export async function findPublicLogo(scope: Pick<PublicScope, 'db'>, hash: string) {
  const { db } = scope;
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  const organizationId = await queries.findStudioByLogoHash(db, hash);
  if (!organizationId) return null;
  return runInStudio(db, organizationId, (tx) => queries.findLogo(tx, organizationId, hash));
}

/** The studio a public link's slug names, current or former (the public lead form). */
export async function findStudioBySlug(db: Db | Tx, slug: string) {
  return queries.findStudioBySlugOrRedirect(db, slug);
}

// ---- Billing (the studio's FitBase subscription; no real card processor) ----

const priceOf = (tier: string) => SETUP_PLANS.find((p) => p.tier === tier)?.priceMonthly ?? null;
const planName = (tier: string) => {
  const label = SETUP_PLANS.find((p) => p.tier === tier)?.label ?? tier;
  return label.replace(/ \$.*$/, '');
};

/** Whole days until the trial ends, counted on the studio's calendar (0 on its last day). */
export function trialDaysLeft(trialEndsAt: Date, timezone: string, now = new Date()): number {
  const days = differenceInCalendarDays(
    new TZDate(trialEndsAt, timezone),
    new TZDate(now, timezone),
  );
  return Math.max(0, days);
}

export async function getBilling(scope: Scope, now = new Date()): Promise<Billing> {
  const org = await loadOrganization(scope.db, scope.organizationId);
  const memberCount = await countStudioMembers(scope.db, scope.organizationId);
  const invoices = await queries.listInvoices(scope.db, scope.organizationId);
  const trialing = org.subscriptionStatus === 'trialing' && org.trialEndsAt;
  return {
    tier: org.subscriptionTier,
    priceMonthly: priceOf(org.subscriptionTier),
    status: org.subscriptionStatus,
    trialEndsAt: org.trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: trialing ? trialDaysLeft(org.trialEndsAt!, org.timezone, now) : null,
    maxMembers: org.maxMembers,
    memberCount,
    periodEnd: org.subscriptionEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: org.subscriptionCancelAtPeriodEnd,
    invoices: invoices.map((row) => ({
      id: row.id,
      number: row.number,
      tier: row.tier,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      amount: row.amount,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Changes the plan now and starts a new monthly period with a paid (demo) invoice. A plan whose
 * member limit is below the studio's members is refused: members are never removed by a plan.
 * The studio row is locked, like the add-member check, so the two cannot race.
 */
export async function changePlan(
  scope: Scope,
  input: ChangePlanInput,
  now = new Date(),
): Promise<Billing> {
  await scope.db.transaction(async (tx) => {
    const org = await queries.lockOrganization(tx, scope.organizationId);
    if (!org) throw notFound(STUDIO);
    const limit = maxMembersForTier(input.tier);
    const members = await countStudioMembers(tx, scope.organizationId);
    if (limit !== null && members > limit) {
      throw new AppError(
        'limit_reached',
        `${planName(input.tier)} allows up to ${limit} members; you have ${members}. Choose a larger plan, or archive members first.`,
      );
    }
    const periodEnd = addMonths(now, 1);
    await queries.updateOrganization(tx, scope.organizationId, {
      subscriptionTier: input.tier,
      maxMembers: limit,
      subscriptionStatus: 'active',
      subscriptionEndsAt: periodEnd,
      subscriptionCancelAtPeriodEnd: false,
    });
    const serial = (await queries.countInvoices(tx, scope.organizationId)) + 1;
    const day = (d: Date) => format(new TZDate(d, org.timezone), 'yyyy-MM-dd');
    await queries.insertInvoice(tx, {
      organizationId: scope.organizationId,
      number: `INV-${String(serial).padStart(4, '0')}`,
      tier: input.tier,
      periodStart: day(now),
      periodEnd: day(periodEnd),
      amount: priceOf(input.tier) ?? '0.00',
      status: 'paid',
    });
    notify(scope);
  });
  return getBilling(scope, now);
}

/** Cancel at the period's end (true) or keep renewing (false). Only a paid plan has a period. */
export async function setCancelAtPeriodEnd(scope: Scope, cancel: boolean): Promise<Billing> {
  await scope.db.transaction(async (tx) => {
    const org = await queries.lockOrganization(tx, scope.organizationId);
    if (!org) throw notFound(STUDIO);
    if (org.subscriptionTier === 'trial' || !org.subscriptionEndsAt)
      throw conflict('The trial has no billing period to cancel: choose a plan first.');
    await queries.updateOrganization(tx, scope.organizationId, {
      subscriptionCancelAtPeriodEnd: cancel,
    });
    notify(scope);
  });
  return getBilling(scope);
}
