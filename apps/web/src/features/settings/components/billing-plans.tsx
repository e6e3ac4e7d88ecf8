import { SETUP_PLANS, type SubscriptionTier } from '@fitbase/domain/constants';
import { PAID_TIERS } from '@fitbase/domain/contracts/settings';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { reportError } from '@/lib/report-error';
import { useChangePlan } from '../api/billing';

type PaidTier = (typeof PAID_TIERS)[number];

export const planName = (tier: SubscriptionTier) =>
  SETUP_PLANS.find((p) => p.tier === tier)?.label.replace(/ \$.*$/, '') ?? tier;
const price = (tier: SubscriptionTier) => SETUP_PLANS.find((p) => p.tier === tier)?.priceMonthly;
const limitText = (tier: SubscriptionTier) => {
  const max = SETUP_PLANS.find((p) => p.tier === tier)?.maxMembers;
  return max === null || max === undefined ? 'Unlimited members' : `Up to ${max} members`;
};

/** The three paid plans, the current one marked; changing asks for confirmation first. */
export function BillingPlans({ current }: { current: SubscriptionTier }) {
  const change = useChangePlan();
  const [chosen, setChosen] = useState<PaidTier | null>(null);

  const confirm = (tier: PaidTier) =>
    change.mutate(
      { tier },
      {
        onSuccess: () => toast.success(`Your plan is now ${planName(tier)}`),
        onError: (error) =>
          reportError(error, {
            title: 'Plan not changed',
            fallback: 'The plan could not be changed',
          }),
        onSettled: () => setChosen(null),
      },
    );

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {PAID_TIERS.map((tier) => {
        const isCurrent = tier === current;
        return (
          <Card
            key={tier}
            aria-label={`${planName(tier)} plan`}
            className={isCurrent ? 'border-primary ring-1 ring-primary' : undefined}
          >
            <CardHeader>
              <CardTitle className="flex items-center justify-between">
                <h3>{planName(tier)}</h3>
                {isCurrent ? <Badge>Current plan</Badge> : null}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p>
                <span className="text-3xl font-bold">${Number(price(tier)).toFixed(0)}</span>
                <span className="text-muted-foreground"> / month</span>
              </p>
              <p className="flex items-center gap-2 text-sm">
                <Check className="size-4" aria-hidden /> {limitText(tier)}
              </p>
              {isCurrent ? null : (
                <Button
                  className="w-full"
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() => setChosen(tier)}
                >
                  Change to {planName(tier)}
                </Button>
              )}
            </CardContent>
          </Card>
        );
      })}
      <AlertDialog open={chosen !== null} onOpenChange={(open) => !open && setChosen(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Change to {chosen ? planName(chosen) : ''}?</AlertDialogTitle>
            <AlertDialogDescription>
              {chosen
                ? `The change applies now: ${limitText(chosen).toLowerCase()}, $${Number(price(chosen)).toFixed(0)} per month, and a new monthly period starts today.`
                : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={change.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={change.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (chosen) confirm(chosen);
              }}
            >
              {change.isPending ? 'Changing...' : 'Change plan'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
