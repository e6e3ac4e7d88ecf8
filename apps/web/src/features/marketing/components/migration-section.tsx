import { BarChart3, CalendarDays, Check, Contact, CreditCard, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CSV_IMPORT_LINE, INTEGRATIONS } from '../constants';

const INTEGRATION_ICONS: Record<string, LucideIcon> = {
  'Payment Gateways': CreditCard,
  'Calendar Apps': CalendarDays,
  'Analytics Tools': BarChart3,
  'CRM Systems': Contact,
};

const MIGRATION_POINTS = [
  'Migration in 24-48 hours',
  'Staff training included',
  'Members, memberships and schedules moved for you',
];

export function MigrationSection() {
  return (
    <section
      id="integrations"
      aria-labelledby="migration-heading"
      className="scroll-mt-20 bg-muted/40 py-16 sm:py-24"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="migration-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Switching From Another Gym Software?
          </h2>
          <p className="mt-4 text-muted-foreground">
            Our team moves your data from your current gym software for you, so you can keep running
            classes while we handle the switch.
          </p>
          <ul className="mt-6 space-y-3">
            {MIGRATION_POINTS.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
            <Link to="/trial-request">Start Your Migration</Link>
          </Button>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
          <h3 className="text-xl font-semibold">Popular Integrations</h3>
          <p className="mt-2 text-sm text-muted-foreground">
            Connect FitBase to the tools you already use.
          </p>
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {INTEGRATIONS.map(({ name, how }) => {
              const Icon = INTEGRATION_ICONS[name] ?? CreditCard;
              return (
                <li key={name} className="rounded-lg border bg-background p-4">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="font-medium">{name}</span>
                  </div>
                  <p className="mt-2 text-sm text-muted-foreground">{how}</p>
                </li>
              );
            })}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">{CSV_IMPORT_LINE}</p>
        </div>
      </div>
    </section>
  );
}
