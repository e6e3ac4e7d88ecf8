import { can } from '@fitbase/domain/permissions';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { AudiencesCard } from './audiences-card';

/** The groups page of both areas (Connect's Audiences, Members' groups): one list, two titles. */
export function AudiencesPage({ title, intro }: { title: string; intro: string }) {
  const { organization, role } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  if (!organization) return null;
  const canManage = can(role, 'connect.manage');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{intro}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New audience
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent>
          <AudiencesCard
            key={organization.id}
            canManage={canManage}
            membersPath={(audience) => `/members/groups/${audience.id}`}
            creating={creating}
            onCreatingChange={setCreating}
          />
        </CardContent>
      </Card>
    </div>
  );
}
