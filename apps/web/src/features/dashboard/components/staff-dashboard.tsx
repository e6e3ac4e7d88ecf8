import type { OrganizationRole } from '@fitbase/domain/constants';
import type { OrganizationMembership } from '@fitbase/domain/contracts/organizations';
import type { RecentMessage } from '@fitbase/domain/contracts/conversations';
import type { SessionSummary } from '@fitbase/domain/contracts/schedule';
import { can } from '@fitbase/domain/permissions';
import { formatNumber } from '@fitbase/domain/studio-format';
import {
  CalendarDays,
  ClipboardCheck,
  type LucideIcon,
  MessageSquare,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { errorMessage } from '@/lib/api-client';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { useMembersSummary } from '@/entities/members/api/get-members-summary';
import { useRecentMessages } from '../api/list-recent-messages';
import { useTodaysTasks } from '../api/list-tasks';
import { RecentActivity } from './recent-activity';
import { TaskChecklist, taskProgress } from './staff-tasks';

const QUICK_ACTIONS = [
  { label: 'View Members', to: '/members', icon: Users },
  { label: 'View Schedule', to: '/schedule', icon: CalendarDays },
  { label: 'Messages', to: '/communications/messages', icon: MessageSquare },
  { label: 'Add Member', to: '/add-member', icon: UserPlus },
];

/** The browser's calendar day, until the server says the studio's. */
function todayLocal(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function StaffCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The caller's next session they teach, else the studio's next (docs/product/dashboards.md):
 * its name and start in the studio's time zone, or an honest empty state.
 */
function NextClass({
  nextClass,
  isPending,
  timeZone,
}: {
  nextClass: SessionSummary | null | undefined;
  isPending: boolean;
  timeZone: string;
}) {
  const { locale } = useStudioFormat();
  if (isPending) return <p className="text-xs text-muted-foreground">Loading...</p>;
  if (!nextClass) {
    return (
      <>
        <p className="text-lg font-semibold">No classes scheduled</p>
        <p className="text-xs text-muted-foreground">Nothing upcoming on the schedule</p>
      </>
    );
  }
  const starts = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(nextClass.startsAt));
  return (
    <>
      <p className="truncate text-lg font-semibold">{nextClass.name}</p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={nextClass.startsAt}>{starts}</time>
        {nextClass.trainer ? ` · ${nextClass.trainer.name}` : ''}
        {` · ${nextClass.bookedCount}/${nextClass.capacity} booked`}
      </p>
    </>
  );
}

/** The last three messages of two-way messaging, or an honest empty state. */
function RecentMessages({
  messages,
  isPending,
  isError,
}: {
  messages: RecentMessage[] | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  if (isPending) return <p className="text-xs text-muted-foreground">Loading...</p>;
  if (isError || !messages?.length)
    return (
      <>
        <p className="text-lg font-semibold">No messages yet</p>
        <p className="text-xs text-muted-foreground">Replies from members show here</p>
      </>
    );
  return (
    <ul aria-label="Recent messages" className="space-y-2">
      {messages.map((message) => (
        <li key={message.id} className="text-xs">
          <p className="truncate font-medium">
            {message.direction === 'in' ? 'From ' : 'To '}
            {message.memberName}
          </p>
          <p className="truncate text-muted-foreground">{message.body || message.subject}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * /dashboard/staff (docs/product/dashboards.md, docs/product/connect-and-messaging.md): every
 * figure is the organization's own. Today's Tasks are its saved tasks, Active Members its real
 * count, Next Class comes from the schedule and Messages from two-way messaging.
 */
export function StaffDashboard({
  role,
  organization,
}: {
  role: OrganizationRole | null;
  organization: OrganizationMembership;
}) {
  const taskList = useTodaysTasks();
  const tasks = taskList.data?.tasks ?? [];
  const progress = taskProgress(tasks);
  const messages = useRecentMessages(can(role, 'messages.send'));
  const members = useMembersSummary();
  const summary = useDashboardSummary();
  const format = useStudioFormat();

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Staff Dashboard</h1>
          {role ? <Badge variant="secondary">{capitalize(role)} Access</Badge> : null}
        </div>
        <p className="text-muted-foreground">{organization.name}</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StaffCard title="Today's Tasks" icon={ClipboardCheck}>
          <p className="text-2xl font-bold">
            {progress.done}/{progress.total}
          </p>
          <p className="text-xs text-muted-foreground">{progress.percent}% complete</p>
        </StaffCard>
        <StaffCard title="Active Members" icon={Users}>
          <p className="text-2xl font-bold">
            {members.data ? formatNumber(members.data.activeMembers, format) : '–'}
          </p>
          {members.isError ? (
            <p role="alert" className="text-xs text-destructive">
              {errorMessage(members.error, 'Failed to load members')}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">
              {members.data
                ? `Out of ${formatNumber(members.data.totalMembers, format)} in the directory`
                : 'Loading...'}
            </p>
          )}
        </StaffCard>
        <StaffCard title="Next Class" icon={CalendarDays}>
          <NextClass
            nextClass={summary.data?.nextClass}
            isPending={summary.isPending}
            timeZone={organization.timezone}
          />
        </StaffCard>
        <StaffCard title="Messages" icon={MessageSquare}>
          <RecentMessages
            messages={messages.data}
            isPending={messages.isPending && messages.fetchStatus !== 'idle'}
            isError={messages.isError}
          />
        </StaffCard>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <TaskChecklist
            tasks={tasks}
            today={taskList.data?.today ?? todayLocal()}
            loading={taskList.isPending}
            error={taskList.error}
          />
          {summary.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(summary.error, 'Failed to load recent activity')}
            </p>
          ) : null}
          <RecentActivity visits={summary.data?.recentVisits ?? []} isLoading={summary.isPending} />
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>
              <h2>Quick Actions</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
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
    </div>
  );
}
