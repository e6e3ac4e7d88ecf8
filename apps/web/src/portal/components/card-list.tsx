import type { PortalCard } from '@fitbase/domain/contracts/portal';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCardAction } from '../api/card-actions';
import { isUnauthorized, portalErrorMessage } from '../api/portal-fetch';
import { cardLabel } from './card-fields';
import { toast } from './portal-toast';

/**
 * The member's cards on file: `Make default`, and `Remove` after a second click that names the
 * card (the newest remaining card becomes the default).
 */
export function CardList({ cards }: { cards: PortalCard[] }) {
  const makeDefault = useCardAction('default');
  const remove = useCardAction('remove');
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = makeDefault.isPending || remove.isPending;

  const failed = (failure: Error) => {
    if (!isUnauthorized(failure)) setError(portalErrorMessage(failure));
  };
  const setDefault = (card: PortalCard) => {
    setError(null);
    makeDefault.mutate(card.id, {
      onSuccess: () => toast.success(`${cardLabel(card)} is your default card.`),
      onError: failed,
    });
  };
  const confirmRemove = (card: PortalCard) => {
    setError(null);
    remove.mutate(card.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(`${cardLabel(card)} removed.`);
      },
      onError: failed,
    });
  };

  return (
    <div className="space-y-2">
      <ul className="divide-y rounded-lg border">
        {cards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
            <span className="flex-1">{cardLabel(card)}</span>
            {card.isDefault ? <span className="text-muted-foreground">Default</span> : null}
            {removing === card.id ? (
              <>
                <span>Remove {cardLabel(card)}?</span>
                <Button
                  size="sm"
                  variant="destructive"
                  disabled={busy}
                  onClick={() => confirmRemove(card)}
                >
                  Remove card
                </Button>
                <Button size="sm" variant="outline" onClick={() => setRemoving(null)}>
                  Keep card
                </Button>
              </>
            ) : (
              <>
                {card.isDefault ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => setDefault(card)}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => setRemoving(card.id)}
                >
                  Remove
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
