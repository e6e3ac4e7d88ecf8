import { Separator } from '@/components/ui/separator';
import { AddressFields, EmergencyContactFields, type MemberControl } from '../member-fields';

export function AddressStep({ control }: { control: MemberControl }) {
  return (
    <div className="space-y-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Address</legend>
        <AddressFields control={control} />
      </fieldset>
      <Separator />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Emergency Contact</legend>
        <EmergencyContactFields control={control} />
      </fieldset>
    </div>
  );
}
