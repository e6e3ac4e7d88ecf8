import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useJoinInfo } from '../api/join';
import { PortalLoading } from '../components/portal-error';
import { PublicLayout } from '../components/public-layout';
import { usePortalSlug } from '../hooks/use-portal-slug';

// The form loads with this page: members' own pages never carry it.
const JoinForm = lazy(() =>
  import('../components/join-form').then((m) => ({ default: m.JoinForm })),
);

/** `/m/:slug/join`: `Join online`, readable and sent without signing in. */
export function JoinRoute() {
  return (
    <PublicLayout>
      <JoinPage />
    </PublicLayout>
  );
}

function JoinPage() {
  const slug = usePortalSlug();
  const info = useJoinInfo();
  if (info.error) throw info.error;
  if (info.isPending) return <PortalLoading label="Loading what the studio offers…" />;
  return (
    <section aria-labelledby="portal-join-heading" className="space-y-4">
      <h1 id="portal-join-heading" className="text-xl font-semibold">
        Join {info.data.studio.name}
      </h1>
      {info.data.offers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          {info.data.studio.name} does not sell memberships online yet. Ask the studio.
        </p>
      ) : (
        <Suspense fallback={<PortalLoading label="Loading the form…" />}>
          <JoinForm info={info.data} />
        </Suspense>
      )}
      <p className="text-sm text-muted-foreground">
        Already a member?{' '}
        <Link to={`/m/${slug}`} className="font-medium text-foreground underline">
          Sign in
        </Link>
      </p>
    </section>
  );
}
