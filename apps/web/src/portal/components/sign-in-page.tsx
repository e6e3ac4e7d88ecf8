import { Link } from 'react-router';
import type { PortalStudio } from '@fitbase/domain/contracts/portal';
import { type SignInStart, SignInForm } from './sign-in-form';
import { StudioLogo } from './studio-identity';

/** The studio's sign-in page: its name and logo above the two-step code form. */
export function SignInPage({ studio, start }: { studio: PortalStudio; start?: SignInStart }) {
  return (
    <main className="mx-auto flex min-h-svh w-full max-w-sm flex-col justify-center gap-6 px-4 py-8">
      <div className="flex flex-col items-center gap-3 text-center">
        <StudioLogo studio={studio} className="size-16" />
        <h1 className="text-2xl font-semibold">Sign in to {studio.name}</h1>
      </div>
      <SignInForm start={start} />
      <p className="text-center text-sm text-muted-foreground">
        Not a member yet?{' '}
        <Link to={`/m/${studio.slug}/join`} className="font-medium text-foreground underline">
          Join online
        </Link>
      </p>
    </main>
  );
}
