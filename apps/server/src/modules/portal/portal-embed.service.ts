import type { PortalEmbed, PortalEmbedInput, PortalWeek } from '@fitbase/domain/contracts/portal';
import { addDays, localDateOf, zonedInstant } from '@fitbase/domain/recurrence';
import { eq } from 'drizzle-orm';
import { findPortalContext } from '../../context/member-session.queries.ts';
import { studioNotFound } from '../../context/member-session.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { portalEmbedOrigins } from '../../db/schema/member-auth.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { Deps, StudioScope } from '../../http/types.ts';
import { weekSessions } from './portal.sql.ts';
import { toPortalSession } from './portal.service.ts';

/**
 * The public schedule (`/m/{slug}/schedule` before signing in, and framed on the studio's own
 * website) and the origins allowed to frame it (docs/product/member-portal.md#public-schedule).
 */

export async function publicWeek(
  deps: Deps,
  slug: string,
  input: { from?: string },
  now = new Date(),
): Promise<PortalWeek> {
  const studio = await findPortalContext(deps.database.db, slug, null);
  if (!studio) throw studioNotFound();
  const timeZone = studio.timezone;
  const from = input.from ?? localDateOf(now, timeZone);
  const to = addDays(from, 7);
  const found = await runInStudio(deps.database.db, studio.organization_id, (tx) =>
    weekSessions(
      tx,
      studio.organization_id,
      null,
      zonedInstant(from, '00:00', timeZone),
      zonedInstant(to, '00:00', timeZone),
    ),
  );
  return { timeZone, from, to, sessions: found.map(toPortalSession) };
}

async function slugOf(scope: StudioScope) {
  const [row] = await scope.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  return row?.slug ?? '';
}

export async function getPortalEmbed(scope: StudioScope, appUrl: string): Promise<PortalEmbed> {
  const found = await scope.db
    .select({ origin: portalEmbedOrigins.origin })
    .from(portalEmbedOrigins)
    .where(eq(portalEmbedOrigins.organizationId, scope.organizationId))
    .orderBy(portalEmbedOrigins.origin);
  return {
    origins: found.map((r) => r.origin),
    scheduleUrl: `${appUrl}/m/${await slugOf(scope)}/schedule`,
  };
}

export async function savePortalEmbed(
  scope: StudioScope,
  input: PortalEmbedInput,
  appUrl: string,
): Promise<PortalEmbed> {
  const origins = [...new Set(input.origins)];
  await scope.db
    .delete(portalEmbedOrigins)
    .where(eq(portalEmbedOrigins.organizationId, scope.organizationId));
  if (origins.length > 0)
    await scope.db
      .insert(portalEmbedOrigins)
      .values(origins.map((origin) => ({ organizationId: scope.organizationId, origin })));
  return getPortalEmbed(scope, appUrl);
}
