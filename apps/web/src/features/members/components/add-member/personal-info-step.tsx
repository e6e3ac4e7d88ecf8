import { PersonalFields, type MemberControl } from '../member-fields';

export function PersonalInfoStep({
  control,
  emailOptional,
}: {
  control: MemberControl;
  emailOptional?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PersonalFields control={control} emailOptional={emailOptional} />
    </div>
  );
}
