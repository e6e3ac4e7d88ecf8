import type { PublicJoinInfo, publicJoinSchema } from '@fitbase/domain/contracts/leads';
import type { z } from 'zod';
import { runInStudio } from '../../context/run-in-studio.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PublicScope } from '../../http/types.ts';
import { findStudioBySlug } from '../settings/settings.service.ts';
import { hitCounter } from './join-throttle.queries.ts';
import * as sources from './lead-sources.queries.ts';
import * as queries from './leads.queries.ts';
import { announceNewLead, notifyLeads } from './leads.service.ts';

/**
 * The public lead form at /join/{slug} (docs/product/connect-and-messaging.md#lead-sources-and-leads):
 * no session, so it is rate limited per address and carries a honeypot field.
 */

type JoinInput = z.output<typeof publicJoinSchema>;

/** Submissions per client address and window: generous for a front-desk tablet, not a bot. */
export const LEAD_FORM_LIMIT = { max: 10, windowMs: 10 * 60_000 };

const STUDIO = 'Studio';

export class LeadFormThrottled extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'Too many requests. Please try again later.');
  }
}

export async function leadFormInfo(
  scope: Pick<PublicScope, 'db'>,
  slug: string,
): Promise<PublicJoinInfo> {
  const { db } = scope;
  const studio = await findStudioBySlug(db, slug);
  if (!studio) throw notFound(STUDIO);
  return runInStudio(db, studio.id, async (tx) => ({
    studioName: studio.name,
    // A former slug still works; the page moves its address to the current one.
    slug: studio.slug,
    sources: await sources.activeSources(tx, studio.id),
  }));
}

/**
 * Creates a `new` lead with its source. The throttle counts every well-formed attempt (honeypot
 * or not, known studio or not) before anything else, so probing costs the same as submitting.
 */
export async function submitLeadForm(
  scope: Pick<PublicScope, 'db' | 'log'>,
  slug: string,
  clientIp: string,
  input: JoinInput,
  now = Date.now(),
): Promise<{ received: true }> {
  const { db, log } = scope;
  const { count, windowStartedAt } = await hitCounter(
    db,
    `lead-form:${clientIp}`,
    LEAD_FORM_LIMIT.windowMs,
    now,
  );
  if (count > LEAD_FORM_LIMIT.max)
    throw new LeadFormThrottled(
      Math.max(1, Math.ceil((windowStartedAt + LEAD_FORM_LIMIT.windowMs - now) / 1000)),
    );
  const studio = await findStudioBySlug(db, slug);
  if (!studio) throw notFound(STUDIO);
  if (input.website?.trim()) {
    log.info({ organizationId: studio.id }, 'Lead form: honeypot filled, nothing stored');
    return { received: true };
  }
  await runInStudio(db, studio.id, async (tx, unit) => {
    let sourceId: string | null = null;
    if (input.sourceId) {
      const source = await sources.findSource(tx, studio.id, input.sourceId);
      if (!source?.isActive) {
        const message = 'Choose one of the options';
        throw new AppError('validation_error', message, { sourceId: message });
      }
      sourceId = source.id;
    }
    const row = await queries.insertLead(tx, studio.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      sourceId,
      status: 'new',
    });
    notifyLeads(unit, studio.id, 'created', row.id);
    await announceNewLead(
      tx,
      unit,
      studio.id,
      {
        id: row.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        ownerUserId: null,
      },
      { viaForm: true },
    );
    log.info({ organizationId: studio.id, leadId: row.id }, 'Lead form: lead created');
  });
  return { received: true };
}
