import { Dumbbell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const navLinkClass =
  'rounded-md px-2 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function BrandLogo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label="FitBase home"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Dumbbell className="size-5" aria-hidden="true" />
      </span>
      <span>FitBase</span>
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <BrandLogo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-3">
          <Link to="/auth" className={navLinkClass}>
            Customer Login
          </Link>
          <a href="#support" className={navLinkClass}>
            Support
          </a>
          <Button asChild size="sm">
            <Link to="/trial-request">Get Demo</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}
