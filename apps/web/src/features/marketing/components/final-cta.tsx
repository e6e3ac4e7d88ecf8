import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function FinalCta() {
  return (
    <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to Grow Your Fitness Business?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-primary-foreground/85">
          Start your 14-day free trial today. No credit card required, and setup takes under 5
          minutes.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg" variant="secondary">
            <Link to="/trial-request">
              Get Started Free
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to="/trial-request">Talk to Our Team</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
