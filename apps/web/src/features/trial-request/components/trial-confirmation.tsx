import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { SubmittedTrialRequest } from './trial-request-form';

interface TrialConfirmationProps {
  request: SubmittedTrialRequest;
}

/** Shown once the request is stored (docs/product/marketing.md#trial-request). */
export function TrialConfirmation({ request }: TrialConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Move focus to the new screen so keyboard and screen-reader users land on the result.
    headingRef.current?.focus();
  }, []);

  return (
    <main className="flex min-h-svh items-center justify-center bg-gradient-to-b from-primary/10 to-background px-4 py-12">
      <Card className="w-full max-w-lg text-center">
        <CardContent className="flex flex-col items-center gap-4">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CircleCheck className="size-9" aria-hidden="true" />
          </span>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none"
          >
            Thank You!
          </h1>
          <p className="text-muted-foreground">
            We received the free trial request for{' '}
            <span className="font-medium text-foreground">{request.businessName}</span>. Our team
            will reach out at <span className="font-medium text-foreground">{request.email}</span>{' '}
            within 24 hours to set up your 14-day free trial.
          </p>
          <div className="mt-2 flex w-full flex-col gap-3">
            <Button asChild size="lg" className="w-full">
              <Link to="/">Back to Home</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full">
              <Link to="/auth">Already have an account? Sign In</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
