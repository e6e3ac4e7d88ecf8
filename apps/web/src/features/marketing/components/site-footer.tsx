import { Link } from 'react-router';
import { BrandLogo } from './site-header';

interface FooterLink {
  label: string;
  to: string;
}

interface FooterColumn {
  title: string;
  id?: string;
  links: readonly FooterLink[];
}

const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '#features' },
      { label: 'Pricing', to: '#pricing' },
      { label: 'Integrations', to: '#integrations' },
      { label: 'Free Trial', to: '/trial-request' },
    ],
  },
  {
    title: 'Solutions',
    links: [
      { label: 'CrossFit Boxes', to: '/trial-request' },
      { label: 'Yoga Studios', to: '/trial-request' },
      { label: 'Martial Arts', to: '/trial-request' },
      { label: 'Personal Training', to: '/trial-request' },
    ],
  },
  {
    title: 'Support',
    id: 'support',
    links: [
      { label: 'Contact Us', to: '/trial-request' },
      { label: 'Data Migration', to: '/trial-request' },
      { label: 'Staff Training', to: '/trial-request' },
      { label: 'Request a Demo', to: '/trial-request' },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Sign In', to: '/auth' },
      { label: 'Start Free Trial', to: '/trial-request' },
    ],
  },
];

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function SiteFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.5fr_repeat(4,1fr)]">
          <div>
            <BrandLogo />
            <p className="mt-4 max-w-xs text-sm text-muted-foreground">
              Gym and fitness-studio management for owners, managers, staff and trainers.
            </p>
            <p className="mt-2 text-sm text-muted-foreground">24/7 support for every studio.</p>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {FOOTER_COLUMNS.map((column) => {
              const headingId = `footer-${column.title.toLowerCase()}`;
              return (
                <nav
                  key={column.title}
                  id={column.id}
                  aria-labelledby={headingId}
                  className="scroll-mt-24"
                >
                  <h2 id={headingId} className="text-sm font-semibold">
                    {column.title}
                  </h2>
                  <ul className="mt-4 space-y-3">
                    {column.links.map((link) => (
                      <li key={link.label}>
                        {link.to.startsWith('#') ? (
                          <a href={link.to} className={linkClass}>
                            {link.label}
                          </a>
                        ) : (
                          <Link to={link.to} className={linkClass}>
                            {link.label}
                          </Link>
                        )}
                      </li>
                    ))}
                  </ul>
                </nav>
              );
            })}
          </div>
        </div>
        <p className="mt-12 border-t pt-6 text-center text-sm text-muted-foreground">
          &copy; {new Date().getFullYear()} FitBase. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
