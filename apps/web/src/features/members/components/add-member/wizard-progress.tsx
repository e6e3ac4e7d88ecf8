import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { WIZARD_STEPS } from './wizard-form';

export function WizardProgress({ step }: { step: number }) {
  return (
    <ol aria-label="Steps" className="flex flex-wrap items-center gap-2 sm:gap-4">
      {WIZARD_STEPS.map(({ title }, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li
            key={title}
            aria-current={current ? 'step' : undefined}
            className="flex items-center gap-2"
          >
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border text-sm font-medium',
                done && 'border-primary bg-primary text-primary-foreground',
                current && 'border-primary text-primary',
                !done && !current && 'text-muted-foreground',
              )}
              aria-hidden
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={cn('text-sm', current ? 'font-semibold' : 'text-muted-foreground')}>
              <span className="sr-only">Step {index + 1}: </span>
              {title}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
