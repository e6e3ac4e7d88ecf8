import { can } from '@fitbase/domain/permissions';
import { Plus, Upload } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentOrganization } from '@/lib/session';
import { MembersDirectory } from '../components/members-directory';
import { MembersSummaryCards } from '../components/members-summary-cards';

/** /members (docs/product/members.md#members-directory); the top bar search arrives as ?search=. */
export function MembersRoute() {
  const { organization, role } = useCurrentOrganization();
  const [params] = useSearchParams();
  const initialSearch = params.get('search') ?? '';

  if (!organization) return null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Members</h1>
        <div className="flex gap-2">
          {can(role, 'data.import') && (
            <Button asChild variant="outline">
              <Link to="/members/import">
                <Upload aria-hidden />
                Import
              </Link>
            </Button>
          )}
          <Button asChild>
            <Link to="/add-member">
              <Plus aria-hidden />
              Add Member
            </Link>
          </Button>
        </div>
      </div>
      <MembersSummaryCards />
      {/* A new search from the top bar starts a fresh directory state. */}
      <MembersDirectory
        key={`${organization.id}:${initialSearch}`}
        initialSearch={initialSearch}
        canTag={can(role, 'members.edit')}
        canGroup={can(role, 'connect.manage')}
      />
    </div>
  );
}
