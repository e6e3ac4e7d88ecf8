import { Label } from '@/components/ui/label';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from 'sonner';
import { reportError } from '@/lib/report-error';
import { useSecuritySettings, useUpdateSecuritySettings } from '../api/security-settings';

/** The owner's rule for the studio: every member of staff must use two-factor authentication. */
export function SecurityStudioCard() {
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Studio security</CardTitle>
        <CardDescription>
          When required, staff without two-factor authentication can only open Settings › Security
          until they turn it on. Turn it on for yourself first.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch
          id="require-two-factor"
          checked={settings.data?.requireTwoFactor ?? false}
          disabled={!settings.isSuccess || update.isPending}
          onCheckedChange={async (requireTwoFactor) => {
            try {
              await update.mutateAsync({ requireTwoFactor });
              toast.success(
                requireTwoFactor
                  ? 'Two-factor authentication is now required for staff'
                  : 'Two-factor authentication is no longer required',
              );
            } catch (error) {
              reportError(error, { title: null, fallback: 'The setting could not be saved' });
            }
          }}
        />
        <Label htmlFor="require-two-factor">Require two-factor authentication for staff</Label>
      </CardContent>
    </Card>
  );
}
