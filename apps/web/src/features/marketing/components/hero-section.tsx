import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const HIGHLIGHTS = ['14-day free trial', 'No credit card required', 'Setup in under 5 minutes'];

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-primary/10 via-background to-background"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8 lg:py-28">
        <p className="mx-auto inline-flex items-center rounded-full border border-primary/20 bg-primary/10 px-3 py-1 text-xs font-semibold text-primary sm:text-sm">
          Gym &amp; fitness-studio management software
        </p>
        <h1
          id="hero-heading"
          className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Run Your Entire Fitness Business From One Place
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          Members, classes, check-in, leads, retail, staff and analytics for CrossFit boxes, yoga
          studios, martial arts schools, personal trainers, boutique studios and large gyms.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg">
            <Link to="/trial-request">
              Start Your Free Trial
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/trial-request">Schedule a Demo</Link>
          </Button>
        </div>
        <ul className="mt-8 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
          {HIGHLIGHTS.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              <Check className="size-4 text-primary" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
