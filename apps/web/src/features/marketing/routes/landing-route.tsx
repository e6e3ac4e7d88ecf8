import type { ReactNode } from 'react';
import { ClientLogos } from '../components/client-logos';
import { FeatureGrid } from '../components/feature-grid';
import { FinalCta } from '../components/final-cta';
import { HeroSection } from '../components/hero-section';
import { MigrationSection } from '../components/migration-section';
import { PricingSection } from '../components/pricing-section';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { StatisticsSection } from '../components/statistics-section';
import { TestimonialsSection } from '../components/testimonials-section';

/**
 * The browser skips style, layout and paint of these sections until they near the screen: on a
 * phone the first paint and hydration then only pay for the hero. `auto` remembers the real size
 * once rendered; the estimate keeps the scrollbar sensible before.
 */
function BelowTheFold({ children }: { children: ReactNode }) {
  return (
    <div className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">{children}</div>
  );
}

/** Public marketing page at / (docs/product/marketing.md#landing-page). Loads no signed-in code. */
export function LandingRoute() {
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <BelowTheFold>
          <ClientLogos />
          <StatisticsSection />
        </BelowTheFold>
        <BelowTheFold>
          <FeatureGrid />
        </BelowTheFold>
        <BelowTheFold>
          <TestimonialsSection />
        </BelowTheFold>
        <BelowTheFold>
          <MigrationSection />
        </BelowTheFold>
        <BelowTheFold>
          <PricingSection />
        </BelowTheFold>
        <BelowTheFold>
          <FinalCta />
        </BelowTheFold>
      </main>
      <BelowTheFold>
        <SiteFooter />
      </BelowTheFold>
    </div>
  );
}
