import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label/value pairs; an empty value reads "Not provided". */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {details.map(({ label, value }) => (
        <div key={label} className="space-y-0.5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="whitespace-pre-wrap break-words text-sm font-medium">
            {value === null || value === undefined || value === '' ? (
              <span className="font-normal text-muted-foreground">Not provided</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
