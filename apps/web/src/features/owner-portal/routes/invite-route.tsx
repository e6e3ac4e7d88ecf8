/** /invite/{token} — platform invitations arrive with the owner-portal issue (#5). */
export function InviteRoute() {
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <h1 className="text-2xl font-bold">Invitation</h1>
    </main>
  );
}
