import type { HomeDashboard } from '@fitbase/domain/contracts/dashboard';
import type { HomeCardFigures } from '@fitbase/domain/contracts/home-cards';
import { DEFAULT_HOME_CARDS, homeCard, type HomeCardId } from '@fitbase/domain/home-cards';
import { formatMoney, formatNumber, type StudioFormat } from '@fitbase/domain/studio-format';
import {
  AlertTriangle,
  CalendarCheck,
  CalendarClock,
  DollarSign,
  Gauge,
  Hourglass,
  type LucideIcon,
  MessageSquare,
  Package,
  ScanLine,
  UserPlus,
  Users,
  Megaphone,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useStudioFormat } from '@/hooks/use-studio-format';

function StatCard({
  title,
  value,
  detail,
  icon: Icon,
  href,
}: {
  title: string;
  value: string;
  /** A line computed from the same figures; none rather than a fixed phrase. */
  detail?: string | null;
  icon: LucideIcon;
  /** The screen or report behind the figure; the whole card opens it. */
  href?: string | null;
}) {
  return (
    <Card
      className="relative gap-2 transition-colors focus-within:ring-2 focus-within:ring-ring has-[a:hover]:bg-accent/40"
      role="group"
      aria-label={title}
      data-card={title}
    >
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">
          {href ? (
            // The link's box covers the card (after:inset-0), so the card is one target.
            <Link
              to={href}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold" data-testid="stat-value">
          {value}
        </p>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

const DASH = '\u2013';

interface CardFace {
  icon: LucideIcon;
  value: string;
  detail?: string | null;
}

/** A figure of GET /api/dashboard/home/cards: null until loaded (or not chosen). */
function extraFace(
  value: number | null | undefined,
  detail: string,
  count: (value: number) => string,
): Omit<CardFace, 'icon'> {
  return value === null || value === undefined
    ? { value: DASH, detail: null }
    : { value: count(value), detail };
}

/**
 * What each card shows (docs/product/dashboards.md#cards-you-choose). The original's side texts
 * (4-week trend, Excellent, +12% monthly growth, On track) were sample text: each card says
 * only what its figures say.
 */
function face(
  id: HomeCardId,
  home: HomeDashboard | undefined,
  figures: HomeCardFigures | undefined,
  format: StudioFormat,
): CardFace {
  // Counts and amounts in the studio's locale and currency (ADR 0038).
  const count = (value: number) => formatNumber(value, format);
  const extra = (value: number | null | undefined, detail: string) =>
    extraFace(value, detail, count);
  switch (id) {
    case 'class-bookings':
      return {
        icon: CalendarCheck,
        value: home ? count(home.classBookings.today) : DASH,
        detail: home ? `Today · ${count(home.classBookings.thisWeek)} this week` : null,
      };
    case 'bookings-vs-capacity':
      return {
        icon: Gauge,
        value: home ? `${home.bookingsVsCapacity.percent}%` : DASH,
        detail: home
          ? home.bookingsVsCapacity.capacity > 0
            ? `${count(home.bookingsVsCapacity.booked)} of ${count(home.bookingsVsCapacity.capacity)} places booked this week`
            : 'No classes this week'
          : null,
      };
    case 'active-members':
      return { icon: Users, value: home ? count(home.activeMembers) : DASH };
    case 'monthly-revenue':
      return {
        icon: DollarSign,
        value: home ? formatMoney(home.monthlyRevenue, format) : DASH,
        detail: home ? 'This month' : null,
      };
    case 'new-members':
      return { icon: UserPlus, ...extra(figures?.newMembers, 'In the last month') };
    case 'check-ins-today':
      return { icon: ScanLine, ...extra(figures?.checkInsToday, 'Since midnight') };
    case 'failed-payments':
      return {
        icon: AlertTriangle,
        ...extra(figures?.failedPayments, 'Failed attempts this month'),
      };
    case 'expiring-memberships':
      return { icon: Hourglass, ...extra(figures?.expiringMemberships, 'Ending this month') };
    case 'leads-this-month':
      return { icon: Megaphone, ...extra(figures?.leadsThisMonth, 'Added this month') };
    case 'upcoming-classes':
      return { icon: CalendarClock, ...extra(figures?.upcomingClasses, 'Still to start today') };
    case 'low-stock':
      return { icon: Package, ...extra(figures?.lowStock, 'At or below their threshold') };
    case 'unread-messages':
      return { icon: MessageSquare, ...extra(figures?.unreadMessages, 'Replies not opened yet') };
  }
}

/**
 * The studio home's cards (docs/product/dashboards.md#studio-home), the person's choice in
 * their order; the original four until they customize. Each opens the screen or report
 * behind its figure when the person may open it (`hrefOf`).
 */
export function HomeStatCards({
  home,
  cards = DEFAULT_HOME_CARDS,
  figures,
  hrefOf,
}: {
  home: HomeDashboard | undefined;
  cards?: readonly HomeCardId[];
  figures?: HomeCardFigures;
  hrefOf?: (id: HomeCardId) => string | null;
}) {
  const format = useStudioFormat();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="home-cards">
      {cards.map((id) => (
        <StatCard
          key={id}
          title={homeCard(id).title}
          href={hrefOf?.(id)}
          {...face(id, home, figures, format)}
        />
      ))}
    </div>
  );
}
