import { PersonalFields, type MemberControl } from '../member-fields';

export function PersonalInfoStep({ control }: { control: MemberControl }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PersonalFields control={control} />
    </div>
  );
}
