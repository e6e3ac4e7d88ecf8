import { can } from '@fitbase/domain/permissions';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentOrganization } from '@/lib/session';
import { ApiKeysTab } from '../components/api-keys-tab';
import { BillingTab } from '../components/billing-tab';
import { GeneralTab } from '../components/general-tab';
import { KiosksTab } from '../components/kiosks-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { SecurityTab } from '../components/security-tab';
import { WaiversTab } from '../components/waivers-tab';
import { WebhooksTab } from '../components/webhooks-tab';

const TABS = ['general', 'notifications', 'security', 'billing', 'waivers', 'kiosks', 'api-keys'] as const;
type SettingsTab = (typeof TABS)[number];

/**
 * Settings (docs/product/settings-and-help.md): the tab is in the URL (`?tab=security`), so the
 * account menu's Profile opens Security directly and a link opens the same tab.
 */
export function SettingsRoute() {
  const { role } = useCurrentOrganization();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as SettingsTab | null;
  const tab: SettingsTab = requested && TABS.includes(requested) ? requested : 'general';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">
          Manage your studio, your notifications and security.
        </p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams((p) => {
            p.set('tab', value);
            return p;
          })
        }
      >
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          {can(role, 'organization.settings') ? (
            <TabsTrigger value="waivers">Waivers</TabsTrigger>
          ) : null}
          {can(role, 'organization.settings') ? (
            <TabsTrigger value="kiosks">Kiosks</TabsTrigger>
          ) : null}
          {can(role, 'organization.settings') ? (
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          ) : null}
          {can(role, 'organization.settings') ? (
            <TabsTrigger value="api-keys">API keys</TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="general">
          <GeneralTab canEdit={can(role, 'organization.settings')} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab canReadAudit={can(role, 'audit.view')} />
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab canManage={can(role, 'organization.billing')} />
        </TabsContent>
        {can(role, 'organization.settings') ? (
          <TabsContent value="waivers">
            <WaiversTab />
          </TabsContent>
        ) : null}
        {can(role, 'organization.settings') ? (
          <TabsContent value="kiosks">
            <KiosksTab />
          </TabsContent>
        ) : null}
        {can(role, 'organization.settings') ? (
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
        ) : null}
        {can(role, 'organization.settings') ? (
          <TabsContent value="api-keys">
            <ApiKeysTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
