import type { StudioSetup } from '@fitbase/domain/contracts/home-cards';
import { STUDIO_SETUP_LABELS, STUDIO_SETUP_STEPS } from '@fitbase/domain/home-cards';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The setup checklist (docs/product/dashboards.md#setup-checklist): what an owner or admin of a
 * new studio has left to set, each step a link to where it is done. The server sends it only
 * while a step is left, so it is gone once the last one is done.
 */
export function SetupChecklist({ setup }: { setup: StudioSetup }) {
  const done = STUDIO_SETUP_STEPS.filter((step) => setup[step]).length;
  return (
    <Card aria-labelledby="setup-checklist-title">
      <CardHeader>
        <CardTitle>
          <h2 id="setup-checklist-title">Finish setting up your studio</h2>
        </CardTitle>
        <CardDescription>
          {done} of {STUDIO_SETUP_STEPS.length} done. This list goes away when every step is done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {STUDIO_SETUP_STEPS.map((step) => {
            const { title, href } = STUDIO_SETUP_LABELS[step];
            return (
              <li key={step} className="flex items-center gap-2 text-sm">
                {setup[step] ? (
                  <>
                    <CheckCircle2 className="size-4 text-green-700" aria-hidden />
                    <span className="text-muted-foreground line-through">{title}</span>
                    <span className="sr-only">(done)</span>
                  </>
                ) : (
                  <>
                    <Circle className="size-4 text-muted-foreground" aria-hidden />
                    <Link to={href} className="font-medium underline underline-offset-4">
                      {title}
                    </Link>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
