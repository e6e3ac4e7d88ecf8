import { CheckCircle2, Dumbbell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api/api-error';
import { failureMessage } from '@/lib/form-errors';
import { usePublicJoin } from '../api/public-join';
import { JoinForm } from '../components/join-form';

/** /join/{slug}: a studio's public lead form, outside the signed-in area (no session). */
export function JoinRoute() {
  const { slug = '' } = useParams();
  const info = usePublicJoin(slug);
  const [sent, setSent] = useState(false);
  const navigate = useNavigate();
  const currentSlug = info.data?.slug;
  // A former slug (the studio renamed its URL) still works: show the current address instead.
  useEffect(() => {
    if (currentSlug && currentSlug !== slug)
      void navigate(`/join/${currentSlug}`, { replace: true });
  }, [currentSlug, slug, navigate]);
  return (
    <div className="min-h-svh bg-gradient-to-b from-primary/10 via-background to-background">
      <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        <div className="mb-6 text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <Dumbbell className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight">
            {info.data ? `Join ${info.data.studioName}` : 'Join us'}
          </h1>
        </div>
        {info.isPending ? (
          <Skeleton className="h-72 w-full" aria-label="Loading..." />
        ) : info.isError ? (
          <p role="alert" className="text-center text-destructive">
            {info.error instanceof ApiError && info.error.code === 'not_found'
              ? 'This studio does not exist. Check the link you were given.'
              : failureMessage(info.error, 'Could not load the form')}
          </p>
        ) : sent ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
              <CheckCircle2 className="size-10 text-green-600" aria-hidden="true" />
              <p role="status" className="text-lg font-medium">
                Thank you! {info.data.studioName} will be in touch soon.
              </p>
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-xl">Tell us about you</h2>
              </CardTitle>
              <CardDescription>
                Leave your details and the studio will contact you. An email or a phone number is
                enough.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <JoinForm slug={slug} info={info.data} onSent={() => setSent(true)} />
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
