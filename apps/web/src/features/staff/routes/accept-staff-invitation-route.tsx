import { Navigate, useSearchParams } from 'react-router';

/** /accept-staff-invitation?token=… — the acceptance form comes with the staff issue (#4). */
export function AcceptStaffInvitationRoute() {
  const [params] = useSearchParams();
  // doc 1 §2: a missing token redirects to /auth.
  if (!params.get('token')) return <Navigate to="/auth" replace />;
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <h1 className="text-2xl font-bold">Accept Staff Invitation</h1>
    </main>
  );
}
