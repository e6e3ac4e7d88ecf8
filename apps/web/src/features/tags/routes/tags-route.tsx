import { can } from '@fitbase/domain/permissions';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganization } from '@/lib/session';
import { TagFormDialog } from '../components/tag-form-dialog';
import { TagsCard } from '../components/tags-card';

/** /connect/tags (spec §2 Connect; docs/product/connect-and-messaging.md#tags). */
export function TagsRoute() {
  const { organization, role } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);
  const canManage = can(role, 'connect.manage');
  if (!organization) return null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Tags</h1>
          <p className="text-muted-foreground">
            Label members and leads, then filter the directory or build groups by tag.
          </p>
        </div>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create tag
          </Button>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>All tags</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <TagsCard
            key={organization.id}
            canManage={canManage}
            onCreate={() => setCreating(true)}
          />
        </CardContent>
      </Card>
      <TagFormDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
