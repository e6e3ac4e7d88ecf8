import { ArrowUpRight, CheckCircle2, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { OWNER_ACTION_ICON, type TierConfig, type UpgradeOffer } from './tier-config';

export function UpgradeBanner({ offer }: { offer: UpgradeOffer }) {
  return (
    <section
      aria-label="Upgrade"
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 text-primary" aria-hidden />
        <div>
          <p className="font-semibold">{offer.title}</p>
          <p className="text-sm text-muted-foreground">{offer.description}</p>
        </div>
      </div>
      <Button asChild>
        <Link to="/settings">
          Upgrade Plan <ArrowUpRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}

export function QuickActions({
  config,
  isPlatformOwner,
}: {
  config: TierConfig;
  isPlatformOwner: boolean;
}) {
  const OwnerIcon = OWNER_ACTION_ICON;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Quick Actions</h2>
        </CardTitle>
        <CardDescription>Common tasks for your gym</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        {config.actions.map(({ label, to, icon: Icon }) => (
          <Button key={to} variant="outline" className="justify-start" asChild>
            <Link to={to}>
              <Icon aria-hidden /> {label}
            </Link>
          </Button>
        ))}
        {isPlatformOwner ? (
          <Button variant="outline" className="justify-start" asChild>
            <Link to="/owner-portal">
              <OwnerIcon aria-hidden /> {config.ownerActionLabel}
            </Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function FeatureList({ config }: { config: TierConfig }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{config.planName} Features</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {config.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-green-600" aria-hidden />
              {feature}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <CheckCircle2 className="size-4 text-green-600" aria-hidden />
            Support: {config.support}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
