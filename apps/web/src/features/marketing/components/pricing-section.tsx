import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PRICING_TIERS } from '../constants';

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className="scroll-mt-20 mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Simple, Transparent Pricing
        </h2>
        <p className="mt-4 text-muted-foreground">
          Every plan starts with a 14-day free trial. No credit card required.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 lg:grid-cols-3 lg:items-stretch">
        {PRICING_TIERS.map((tier) => {
          const headingId = `pricing-tier-${tier.name.toLowerCase()}`;
          return (
            <li
              key={tier.name}
              className={cn(
                'relative flex flex-col rounded-xl border bg-card p-6 shadow-sm sm:p-8',
                tier.popular && 'border-2 border-primary shadow-lg lg:-translate-y-2',
              )}
            >
              {tier.popular && (
                <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>
              )}
              <h3 id={headingId} className="text-xl font-semibold">
                {tier.name}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{tier.description}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight">{tier.price}</span>
                <span className="text-muted-foreground">{tier.period}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <Button
                asChild
                size="lg"
                variant={tier.popular ? 'default' : 'outline'}
                className="mt-8 w-full"
              >
                <Link to="/trial-request" aria-describedby={headingId}>
                  Start Free Trial
                </Link>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
