import type { PortalEmbed, PortalEmbedInput } from '@fitbase/domain/contracts/portal';
import { eq } from 'drizzle-orm';
import { portalEmbedOrigins } from '../../db/schema/member-auth.ts';
import { organizations } from '../../db/schema/organizations.ts';
import type { StudioScope } from '../../http/types.ts';

/**
 * The website origins allowed to frame the public schedule (`/m/{slug}/schedule`, whose week is
 * portal-week.service.ts): docs/product/member-portal.md#public-schedule.
 */

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
