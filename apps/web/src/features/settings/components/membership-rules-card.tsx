import { zodResolver } from '@hookform/resolvers/zod';
import {
  membershipRulesSchema,
  type MembershipRules,
} from '@fitbase/domain/contracts/membership-rules';
import { can } from '@fitbase/domain/permissions';
import { useForm } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { NumberField } from '@/components/form/number-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formSuccess } from '@/lib/form-feedback';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useMembershipRules } from '../api/get-membership-rules';
import { useUpdateMembershipRules } from '../api/update-membership-rules';

const FIELDS = ['cancelNoticeDays', 'pauseMinDays', 'pauseMaxDays', 'pausesPerYear'];
const HALF = 'sm:max-w-[calc(50%-0.5rem)]';

/**
 * Online cancellation and pauses (docs/product/member-portal.md#membership): the notice a
 * member's own cancel in the portal needs, and how long and how often a member may pause there.
 * Every role reads them; owners and admins (money.manage) save them.
 */
export function MembershipRulesCard() {
  const { role } = useCurrentOrganization();
  const rules = useMembershipRules();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Online cancellation and pauses</h2>
        </CardTitle>
        <CardDescription>
          How members cancel and pause their membership in the member portal
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : rules.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the membership rules
          </p>
        ) : (
          <RulesForm
            // A saved version starts the form again from the stored rules.
            key={JSON.stringify(rules.data)}
            rules={rules.data}
            canEdit={can(role, 'money.manage')}
          />
        )}
      </CardContent>
    </Card>
  );
}

function RulesForm({ rules, canEdit }: { rules: MembershipRules; canEdit: boolean }) {
  const form = useForm<MembershipRules>({
    resolver: zodResolver(membershipRulesSchema),
    defaultValues: rules,
  });
  const update = useUpdateMembershipRules();
  const readOnly = !canEdit;

  const onSubmit = async (values: MembershipRules) => {
    try {
      await update.mutateAsync(values);
      formSuccess('Membership rules saved');
    } catch (error) {
      reportError(error, {
        fallback: 'Failed to save the membership rules',
        form: { setError: form.setError, fields: FIELDS },
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      canSubmit={() => canEdit && !update.isPending}
      idPrefix="membership-rules"
      schema={membershipRulesSchema}
      className="space-y-4"
      aria-label="Online cancellation and pauses"
    >
      {readOnly ? (
        <p className="text-sm text-muted-foreground">
          Only owners and admins can change these rules.
        </p>
      ) : null}
      <NumberField
        control={form.control}
        name="cancelNoticeDays"
        label="Notice period (days)"
        description="Members who cancel online keep their membership until the end of the billing period in which this notice runs (and their plan's minimum term)."
        step={1}
        readOnly={readOnly}
        className={HALF}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          control={form.control}
          name="pauseMinDays"
          label="Shortest pause (days)"
          step={1}
          readOnly={readOnly}
        />
        <NumberField
          control={form.control}
          name="pauseMaxDays"
          label="Longest pause (days)"
          step={1}
          readOnly={readOnly}
        />
        <NumberField
          control={form.control}
          name="pausesPerYear"
          label="Pauses a year"
          description="How many pauses a member may book online in a calendar year (0: none)."
          step={1}
          readOnly={readOnly}
        />
      </div>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
