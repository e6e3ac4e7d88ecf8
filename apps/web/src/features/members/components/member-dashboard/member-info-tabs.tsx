import type { StudioFormat } from '@fitbase/domain/studio-format';
import type { Member } from '@fitbase/domain/contracts/members';
import type { ReactNode } from 'react';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate, formatDay, fullName, humanize } from '../member-format';
import { MemberStatusBadge } from '../member-status-badge';
import { DetailList } from './detail-list';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function address(member: Member): string | null {
  const cityLine = [member.city, member.state, member.postalCode].filter(Boolean).join(', ');
  const lines = [member.addressLine1, member.addressLine2, cityLine, member.country].filter(
    Boolean,
  );
  return lines.length ? lines.join('\n') : null;
}

/** Consent as given, and an unsubscribe kept as history (docs/product/connect-and-messaging.md). */
function marketingConsent(member: Member, format: StudioFormat): string {
  const consent = member.marketingConsent
    ? `Agrees${member.marketingConsentAt ? ` (since ${formatDate(member.marketingConsentAt, format)})` : ''}`
    : 'No consent';
  return member.unsubscribedAt
    ? `${consent} · Unsubscribed on ${formatDate(member.unsubscribedAt, format)}`
    : consent;
}

export function OverviewTab({ member }: { member: Member }) {
  const format = useStudioFormat();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Contact Information">
        <DetailList
          details={[
            { label: 'Email', value: member.email },
            { label: 'Phone', value: member.phone },
            { label: 'Address', value: address(member) },
            { label: 'Marketing Email', value: marketingConsent(member, format) },
          ]}
        />
      </Section>
      <Section title="Personal Details">
        <DetailList
          details={[
            { label: 'Full Name', value: fullName(member) },
            { label: 'Date of Birth', value: formatDay(member.dateOfBirth, format) },
            { label: 'Gender', value: humanize(member.gender) },
            { label: 'Member Since', value: formatDate(member.createdAt, format) },
            { label: 'Referral Source', value: member.referralSource },
            { label: 'Notes', value: member.notes },
          ]}
        />
      </Section>
    </div>
  );
}

export function MembershipTab({
  member,
  memberships,
}: {
  member: Member;
  /** The member's memberships and their actions (the app shell's slot). */
  memberships?: ReactNode;
}) {
  const format = useStudioFormat();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {memberships ? <div className="lg:col-span-2">{memberships}</div> : null}
      <Section title="Membership Details">
        <DetailList
          details={[
            { label: 'Membership Type', value: member.membershipType ?? 'Not specified' },
            { label: 'Status', value: <MemberStatusBadge status={member.membershipStatus} /> },
            { label: 'Start Date', value: formatDay(member.membershipStartDate, format) },
            { label: 'End Date', value: formatDay(member.membershipEndDate, format) },
          ]}
        />
      </Section>
      <Section title="Training Preferences">
        <DetailList
          details={[
            { label: 'Preferred Workout Time', value: humanize(member.preferredWorkoutTimes) },
            { label: 'Experience Level', value: humanize(member.experienceLevel) },
            { label: 'Class Interests', value: member.classInterests?.join(', ') },
            { label: 'Workout Goals', value: member.fitnessGoals },
          ]}
        />
      </Section>
    </div>
  );
}

export function HealthTab({ member }: { member: Member }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Health Information">
        <DetailList
          details={[
            { label: 'Medical Conditions', value: member.medicalConditions },
            { label: 'Allergies', value: member.allergies },
          ]}
        />
      </Section>
      <Section title="Emergency Contact">
        <DetailList
          details={[
            { label: 'Name', value: member.emergencyContactName },
            { label: 'Phone', value: member.emergencyContactPhone },
            { label: 'Relationship', value: member.emergencyContactRelationship },
          ]}
        />
      </Section>
    </div>
  );
}
