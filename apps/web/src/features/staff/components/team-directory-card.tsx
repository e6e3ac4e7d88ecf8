import { Contact } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** docs/product/staff.md: the Team Directory card says staff management is coming soon. */
export function TeamDirectoryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Contact className="size-5" aria-hidden />
          Team Directory
        </CardTitle>
        <CardDescription>
          Schedules, shifts and detailed staff profiles in one place.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">Advanced staff management is coming soon.</p>
      </CardContent>
    </Card>
  );
}
