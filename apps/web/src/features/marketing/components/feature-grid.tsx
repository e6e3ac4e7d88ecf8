import {
  CalendarDays,
  IdCard,
  LayoutDashboard,
  type LucideIcon,
  RefreshCcw,
  ScanLine,
  ShoppingBag,
  UserSearch,
} from 'lucide-react';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Member Check-In',
    description:
      'A fast member check-in system with kiosk support, so members can sign themselves in at the door.',
    icon: ScanLine,
  },
  {
    title: 'Class Scheduling',
    description: 'Schedule classes with waitlists, recurring sessions and automatic notifications.',
    icon: CalendarDays,
  },
  {
    title: 'Lead Identification',
    description:
      'Spot new leads and follow every trial from first visit to membership with trial tracking.',
    icon: UserSearch,
  },
  {
    title: 'Membership Lifecycle',
    description:
      'Manage every membership across its lifecycle, from sign-up to renewal, suspension or cancellation.',
    icon: RefreshCcw,
  },
  {
    title: 'Staff & Client Profiles',
    description: 'Keep complete profiles for your staff and clients in one place.',
    icon: IdCard,
  },
  {
    title: 'Retail & Inventory',
    description: 'Sell products at the front desk and keep track of your inventory.',
    icon: ShoppingBag,
  },
  {
    title: 'Configurable Dashboards',
    description: 'Choose the numbers that matter to you and see them at a glance.',
    icon: LayoutDashboard,
  },
];

export function FeatureGrid() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 bg-muted/40 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything You Need to Run Your Gym
          </h2>
          <p className="mt-4 text-muted-foreground">
            One platform for the front desk, the schedule, the sales floor and the back office.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
