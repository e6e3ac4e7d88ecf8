import type { OrganizationRole } from '@fitbase/domain/constants';
import { CalendarDays, MessageSquare, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const QUICK_ACTIONS = [
  { label: 'View Members', to: '/members', icon: Users },
  { label: 'View Schedule', to: '/schedule', icon: CalendarDays },
  { label: 'Messages', to: '/communications/messages', icon: MessageSquare },
  { label: 'Add Member', to: '/add-member', icon: UserPlus },
];

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** /dashboard/staff (doc 2 §2): title and "{role} Access" badge; its cards come with issue 4. */
export function StaffDashboard({ role, organizationName }: { role: OrganizationRole | null; organizationName: string }) {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Staff Dashboard</h1>
          {role ? <Badge variant="secondary">{capitalize(role)} Access</Badge> : null}
        </div>
        <p className="text-muted-foreground">{organizationName}</p>
      </div>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>
            <h2>Quick Actions</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
            <Button key={to} variant="outline" className="justify-start" asChild>
              <Link to={to}>
                <Icon aria-hidden /> {label}
              </Link>
            </Button>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
