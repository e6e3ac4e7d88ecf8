import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_RULE } from '@fitbase/domain/constants';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/components/form/form';
import { SwitchField } from '@/components/form/switch-field';
import { PasswordField } from '@/components/form/text-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { peopleMessage } from '@/lib/form-errors';
import { reportProblem } from '@/lib/report-error';
import { TwoFactorError, useChangePassword } from '../api/two-factor';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(MAX_PASSWORD_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`),
    confirmPassword: z.string().max(MAX_PASSWORD_LENGTH),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type Values = z.input<typeof schema>;

const FIELD_OF_CODE: Record<string, 'currentPassword' | 'newPassword'> = {
  INVALID_PASSWORD: 'currentPassword',
  PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_LONG: 'newPassword',
  weak_password: 'newPassword',
};

/** Change password: the current one first; the server applies the length and weak-password rules. */
export function SecurityPasswordCard() {
  const change = useChangePassword();
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      revokeOtherSessions: true,
    },
  });

  const onSubmit = async (values: z.output<typeof schema>) => {
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions,
      });
      form.reset();
      formSuccess(
        'Password changed',
        values.revokeOtherSessions ? 'Your other devices are signed out.' : undefined,
      );
    } catch (error) {
      const message =
        error instanceof TwoFactorError ? peopleMessage(error.message) : 'Something went wrong';
      const field = error instanceof TwoFactorError ? FIELD_OF_CODE[error.code ?? ''] : undefined;
      if (field) form.setError(field, { message });
      reportProblem('Password not changed', message, { formToast: true });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={onSubmit}
          idPrefix="change-password"
          schema={schema}
          className="max-w-md space-y-4"
        >
          <PasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
          />
          <PasswordField
            control={form.control}
            name="newPassword"
            label="New password"
            reveal
            autoComplete="new-password"
            description={PASSWORD_RULE}
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <SwitchField
            control={form.control}
            name="revokeOtherSessions"
            label="Sign out other devices"
          />
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
