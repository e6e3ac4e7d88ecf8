import { ArrowLeft, Check, Dumbbell, Video } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DisabledUntilHydrated } from '@/lib/hydration';
import { TrialConfirmation } from '../components/trial-confirmation';
import { type SubmittedTrialRequest, TrialRequestForm } from '../components/trial-request-form';

const TRIAL_INCLUDES = [
  'Full access to all features',
  'Data migration assistance',
  'Personalized setup session',
  'Staff training',
  '24/7 support',
];

const backLinkClass =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Public free-trial request page at /trial-request (docs/product/marketing.md#trial-request). */
export function TrialRequestRoute() {
  const [submitted, setSubmitted] = useState<SubmittedTrialRequest | null>(null);

  if (submitted) return <TrialConfirmation request={submitted} />;

  return (
    <div className="min-h-svh bg-gradient-to-b from-primary/10 via-background to-background">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 sm:px-6 lg:px-8">
        <Link to="/" className={backLinkClass}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
        <Link to="/auth" className={backLinkClass}>
          Sign In
        </Link>
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl py-6 text-center sm:py-10">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Dumbbell className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
            Start Your Free Trial
          </h1>
          <p className="mt-3 text-muted-foreground">
            Tell us about your business. 14-day free trial, no credit card required.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>
                <h2 className="text-xl">Tell Us About Your Business</h2>
              </CardTitle>
              <CardDescription>
                Fields marked <span aria-hidden="true">*</span>
                <span className="sr-only">with an asterisk</span> are required.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <DisabledUntilHydrated>
                <TrialRequestForm onSubmitted={setSubmitted} />
              </DisabledUntilHydrated>
            </CardContent>
          </Card>
          <aside aria-label="What your trial includes" className="space-y-6">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-lg">What&apos;s Included</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-3 text-sm">
                  {TRIAL_INCLUDES.map((item) => (
                    <li key={item} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card className="border-primary/30 bg-primary/5">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Video className="size-5 text-primary" aria-hidden="true" />
                  <h2 className="text-lg">Personalized Demo</h2>
                </CardTitle>
                <CardDescription>
                  Get a 30-minute personalized demo of FitBase tailored to your business.
                </CardDescription>
              </CardHeader>
            </Card>
            <p className="px-1 text-sm text-muted-foreground">
              We&apos;ll contact you within 24 hours of your request.
            </p>
          </aside>
        </div>
      </main>
    </div>
  );
}
