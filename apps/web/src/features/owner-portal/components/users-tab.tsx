import { PLATFORM_ROLES, type PlatformRole } from '@fitbase/domain/constants';
import {
  ROLE_CHANGE_OWNER_ONLY,
  ROLE_CHANGE_OWN_ROLE,
  type PlatformUser,
} from '@fitbase/domain/contracts/owner-portal';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
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
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useUsers } from '../api/list-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { Pager, formatDate, useCursorPager } from './pager';

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
  // The server decides (doc 1 §6); its refusals carry the spec's titles.
  if (
    error instanceof ApiError &&
    error.status === 403 &&
    error.message === ROLE_CHANGE_OWNER_ONLY
  ) {
    toast.error('Access Denied', { description: ROLE_CHANGE_OWNER_ONLY });
  } else if (error instanceof ApiError && error.message === ROLE_CHANGE_OWN_ROLE) {
    toast.error('Invalid Action', { description: ROLE_CHANGE_OWN_ROLE });
  } else {
    toast.error('Error', {
      description: error instanceof ApiError ? error.message : 'Failed to update user role',
    });
  }
}

export function UsersTab() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const pager = useCursorPager(q);
  const users = useUsers(q, pager.cursor);
  const updateRole = useUpdateUserRole();

  useEffect(() => {
    if (users.isError) toast.error('Error', { description: 'Failed to fetch users' });
  }, [users.isError]);

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
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data?.items.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="font-medium">{user.fullName || 'N/A'}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <Badge variant={user.role === 'user' ? 'secondary' : 'default'}>
                      {user.role}
                    </Badge>
                  </TableCell>
                  <TableCell>{user.planName ?? 'Free'}</TableCell>
                  <TableCell>{formatDate(user.createdAt)}</TableCell>
                  <TableCell>
                    <Select
                      value={user.role}
                      onValueChange={(role) => onRoleChange(user, role as PlatformRole)}
                    >
                      <SelectTrigger
                        size="sm"
                        className="w-28"
                        aria-label={`Role for ${user.email}`}
                      >
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
                  </TableCell>
                </TableRow>
              ))}
              {users.data && users.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="text-center text-muted-foreground">
                    {q ? `No users match "${q}"` : 'No users yet'}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </div>
        {users.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        <Pager pager={pager} nextCursor={users.data?.nextCursor} disabled={users.isFetching} />
      </CardContent>
    </Card>
  );
}
