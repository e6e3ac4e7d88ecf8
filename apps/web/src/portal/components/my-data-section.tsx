import { buttonVariants } from '@/components/ui/button';
import { usePortalSlug } from '../hooks/use-portal-slug';
import { Section } from './portal-section';

/**
 * `Download my data`: a plain link, so the browser downloads the ZIP itself (the member cookie's
 * path covers /api/m/{slug}); what it holds is listed in docs/product/member-portal.md#profile.
 */
export function MyData() {
  const slug = usePortalSlug();
  return (
    <Section title="Your data">
      <p className="text-sm text-muted-foreground">
        Your details, memberships, payments, bookings, visits and orders at this studio, as CSV
        files in a ZIP.
      </p>
      <a
        href={`/api/m/${slug}/my-data`}
        download
        className={buttonVariants({ variant: 'outline' })}
      >
        Download my data
      </a>
    </Section>
  );
}
