import { SETUP_PLANS, type SubscriptionTier } from '@fitbase/domain/constants';
import { slugify } from '@fitbase/domain/slug';
import { Building2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCreateOrganization } from '../api/create-organization';

const selectClass =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function SetupRoute() {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const [tier, setTier] = useState<SubscriptionTier>('trial');
  const [timezone, setTimezone] = useState(browserTimeZone);
  const [slugError, setSlugError] = useState<string | null>(null);
  const timeZones = useMemo(() => {
    const zones =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zones.includes(timezone) ? zones : [timezone, ...zones];
  }, [timezone]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !slug.trim()) return;
    setSlugError(null);
    create.mutate(
      {
        name: name.trim(),
        slug: slug.trim(),
        description: description.trim() || null,
        subscriptionTier: tier,
        timezone,
      },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: 'Your gym organization has been created successfully',
          });
          navigate(tier === 'trial' ? '/dashboard' : `/dashboard/${tier}`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            toast.error('Error', { description: 'Please sign in' });
            navigate('/auth', { replace: true });
            return;
          }
          if (error instanceof ApiError && error.fields?.slug) setSlugError(error.fields.slug);
          toast.error('Error', {
            description:
              error instanceof ApiError && error.status < 500
                ? error.message
                : 'Failed to create organization',
          });
        },
      },
    );
  };

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <Building2 className="mx-auto size-10 text-primary" aria-hidden />
          <CardTitle>
            <h1 className="text-2xl font-bold">Setup Your Gym</h1>
          </CardTitle>
          <CardDescription>
            Create your gym organization to get started with FitBase.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="gym-name">Gym Name *</Label>
              <Input
                id="gym-name"
                value={name}
                placeholder="Iron Temple Gym"
                onChange={(e) => {
                  setName(e.target.value);
                  setSlug(slugify(e.target.value));
                }}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="gym-slug">URL Slug *</Label>
              <Input
                id="gym-slug"
                value={slug}
                placeholder="iron-temple-gym"
                aria-invalid={slugError ? true : undefined}
                aria-describedby={slugError ? 'gym-slug-error' : undefined}
                onChange={(e) => setSlug(slugify(e.target.value))}
              />
              {slugError ? (
                <p id="gym-slug-error" className="text-sm text-destructive">
                  {slugError}
                </p>
              ) : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor="gym-description">Description</Label>
              <Textarea
                id="gym-description"
                value={description}
                placeholder="Tell us about your gym (optional)"
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="gym-plan">Starting Plan</Label>
              <select
                id="gym-plan"
                className={selectClass}
                value={tier}
                onChange={(e) => setTier(e.target.value as SubscriptionTier)}
              >
                {SETUP_PLANS.map((plan) => (
                  <option key={plan.tier} value={plan.tier}>
                    {plan.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="gym-timezone">Time Zone</Label>
              <select
                id="gym-timezone"
                className={selectClass}
                value={timezone}
                onChange={(e) => setTimezone(e.target.value)}
              >
                {timeZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </div>
            <Button
              type="submit"
              className="w-full"
              disabled={create.isPending || !name.trim() || !slug.trim()}
            >
              {create.isPending ? 'Creating...' : 'Create Gym Organization'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
