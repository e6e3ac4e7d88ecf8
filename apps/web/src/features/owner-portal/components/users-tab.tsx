import { PLATFORM_ROLES, type PlatformRole } from '@fitbase/domain/constants';
import type { PlatformUser } from '@fitbase/domain/contracts/owner-portal';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useCursorPaging } from '@/components/data-table/paging';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { ApiError } from '@/lib/api/api-error';
import { reportError, reportProblem, useReportLoadFailure } from '@/lib/report-error';
import { useUsers } from '../api/list-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { formatDate } from './format-date';

const SEARCH_DELAY_MS = 300;

/** Search text settles before it becomes a query, so typing does not fire a request per key. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function roleChangeFailed(error: unknown) {
  // The server decides (docs/product/owner-portal.md#user-management); its refusals carry the
  // spec's titles, told apart by their code.
  if (error instanceof ApiError && error.code === 'forbidden') {
    reportProblem('Access Denied', error.message);
  } else if (error instanceof ApiError && error.code === 'own_role_change') {
    reportProblem('Invalid Action', error.message);
  } else {
    reportError(error, { fallback: 'Failed to update user role' });
  }
}

const columns: DataTableColumn<PlatformUser>[] = [
  {
    id: 'user',
    header: 'User',
    hideable: false,
    primary: true,
    className: 'font-medium',
    cell: (user) => user.fullName || 'N/A',
  },
  { id: 'email', header: 'Email', cell: (user) => user.email },
  {
    id: 'role',
    header: 'Role',
    cell: (user) => (
      <Badge variant={user.role === 'user' ? 'secondary' : 'default'}>{user.role}</Badge>
    ),
  },
  { id: 'plan', header: 'Plan', cell: (user) => user.planName ?? 'Free' },
  { id: 'joined', header: 'Joined', cell: (user) => formatDate(user.createdAt) },
];

const rowId = (user: PlatformUser) => user.id;

export function UsersTab() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const paging = useCursorPaging(q);
  const users = useUsers(q, paging.cursor);
  const updateRole = useUpdateUserRole();

  useReportLoadFailure(users.isError, 'Failed to fetch users');

  const onRoleChange = (user: PlatformUser, role: PlatformRole) => {
    if (role === user.role) return;
    updateRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: () =>
          toast.success('Success', { description: 'User role updated successfully' }),
        onError: roleChangeFailed,
      },
    );
  };

  const roleSelect = (user: PlatformUser) => (
    <Select value={user.role} onValueChange={(role) => onRoleChange(user, role as PlatformRole)}>
      <SelectTrigger size="sm" className="w-28" aria-label={`Role for ${user.email}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PLATFORM_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {role}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>
          Platform users, newest first. Only owners can change roles.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by name or email..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-sm"
        />
        <DataTable
          label="User Management"
          columns={columns}
          rows={users.data?.items}
          getRowId={rowId}
          rowActions={roleSelect}
          loading={users.isPending && !users.isError}
          fetching={users.isFetching}
          empty={
            <p className="py-6 text-center text-muted-foreground">
              {q ? `No users match "${q}"` : 'No users yet'}
            </p>
          }
          pagination={{ mode: 'cursor', paging, nextCursor: users.data?.nextCursor }}
        />
      </CardContent>
    </Card>
  );
}
