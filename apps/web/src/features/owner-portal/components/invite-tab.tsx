import { DEMO_EMAIL_REQUIRED } from '@fitbase/domain/contracts/owner-portal';
import { formatDollars } from '@fitbase/domain/savings';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useCreateInvitation } from '../api/create-invitation';
import { usePlans } from '../api/list-plans';
import { InvitationsTable } from './invitations-table';

/** Radix Select items cannot have an empty value: this one stands for 'No specific plan'. */
const NO_PLAN = 'none';

export function InviteTab() {
  const { data: me } = useMe();
  const plans = usePlans();
  const create = useCreateInvitation();
  const [demoMode, setDemoMode] = useState(false);
  const [demoEmail, setDemoEmail] = useState('');
  const [email, setEmail] = useState('');
  const [planId, setPlanId] = useState(NO_PLAN);
  const activePlans = plans.data?.filter((p) => p.isActive) ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!me) {
      toast.error('Error', { description: 'Sign in required' });
      return;
    }
    const recipient = email.trim();
    if (!recipient) return;
    if (demoMode && !demoEmail.trim()) {
      toast.error('Demo Email Required', { description: DEMO_EMAIL_REQUIRED });
      return;
    }
    create.mutate(
      {
        email: recipient,
        planId: planId === NO_PLAN ? null : planId,
        demoMode,
        demoEmail: demoMode ? demoEmail.trim() : null,
      },
      {
        onSuccess: (result) => {
          if (!result.emailSent) {
            toast.error('Email Error', {
              description:
                'Invitation was created but email failed to send. You can copy the link manually.',
            });
          } else if (demoMode) {
            toast.success('Success', {
              description: `Demo invitation sent to ${result.sentTo} (for ${recipient})`,
            });
          } else {
            toast.success('Success', {
              description: `Invitation sent successfully to ${recipient}`,
            });
          }
          setEmail('');
          setPlanId(NO_PLAN);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401)
            toast.error('Error', { description: 'Sign in required' });
          else toast.error('Error', { description: 'Failed to send invitation' });
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Invite Users</CardTitle>
          <CardDescription>
            Send an invitation link, optionally with a subscription plan.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="max-w-lg space-y-4">
            <div className="flex items-center gap-2">
              <Switch id="demo-mode" checked={demoMode} onCheckedChange={setDemoMode} />
              <Label htmlFor="demo-mode">Demo Mode</Label>
            </div>
            {demoMode ? (
              <div className="space-y-2">
                <Label htmlFor="demo-email">Demo Email</Label>
                <Input
                  id="demo-email"
                  type="email"
                  placeholder="your-email@example.com"
                  value={demoEmail}
                  onChange={(e) => setDemoEmail(e.target.value)}
                />
                <p className="text-xs text-muted-foreground">
                  The invitation email goes to this address instead of the recipient.
                </p>
              </div>
            ) : null}
            <div className="space-y-2">
              <Label htmlFor="invite-email">Recipient Email</Label>
              <Input
                id="invite-email"
                type="email"
                required
                placeholder="user@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="invite-plan">Plan (optional)</Label>
              <Select value={planId} onValueChange={setPlanId}>
                <SelectTrigger id="invite-plan" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_PLAN}>No specific plan</SelectItem>
                  {activePlans.map((plan) => (
                    <SelectItem key={plan.id} value={plan.id}>
                      {plan.name} - {formatDollars(plan.priceMonthly)}/month
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" disabled={create.isPending || !email.trim()}>
              {create.isPending ? 'Sending...' : 'Send Invitation Email'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <InvitationsTable />
    </div>
  );
}
