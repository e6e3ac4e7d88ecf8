import { can } from '@fitbase/domain/permissions';
import { useCurrentOrganization } from '@/lib/session';
import { useGeneralSettings } from '../api/general-settings';
import { BookingRulesCard } from './booking-rules-card';
import { DataExportCard } from './data-export-card';
import { GeneralProfileForm } from './general-profile-form';
import { GeneralRulesCard } from './general-rules-card';
import { LogoCard } from './logo-card';
import { MembershipRulesCard } from './membership-rules-card';
import { PortalEmbedCard } from './portal-embed-card';
import { TaxCard } from './tax-card';

/**
 * Settings → General (docs/product/settings-and-help.md): the studio profile, branding, logo and
 * the studio's rules (booking, billing retries, online cancellation and pauses), each in this
 * one place; the public schedule on the studio's website; the owner's data export.
 */
export function GeneralTab({ canEdit }: { canEdit: boolean }) {
  const { organization, role } = useCurrentOrganization();
  const settings = useGeneralSettings();
  if (!organization) return null;
  if (settings.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the studio settings
      </p>
    );
  return (
    <div className="space-y-6 pt-2">
      <GeneralProfileForm settings={settings.data} canEdit={canEdit} />
      <LogoCard logoUrl={settings.data.logoUrl} studioName={settings.data.name} canEdit={canEdit} />
      <div id="booking-rules">
        <BookingRulesCard />
      </div>
      <GeneralRulesCard billingRetryDays={settings.data.billingRetryDays} />
      <div id="tax">
        <TaxCard />
      </div>
      <div id="membership-rules">
        <MembershipRulesCard />
      </div>
      <div id="portal-embed">
        <PortalEmbedCard studioName={settings.data.name} />
      </div>
      <DataExportCard canExport={can(role, 'data.export')} />
    </div>
  );
}
