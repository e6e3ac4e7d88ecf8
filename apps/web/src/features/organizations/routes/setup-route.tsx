import { Building2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SetupForm } from '../components/setup-form';

export function SetupRoute() {
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
          <SetupForm />
        </CardContent>
      </Card>
    </main>
  );
}
