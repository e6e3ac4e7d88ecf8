import { AppLayout } from '@/components/layout/app-layout';
import { HomeRoute } from '@/features/dashboard/routes/home-route';

/** `/` for a signed-in studio person: the studio home inside the signed-in layout. */
export function SignedInHome() {
  return (
    <AppLayout>
      <HomeRoute />
    </AppLayout>
  );
}
