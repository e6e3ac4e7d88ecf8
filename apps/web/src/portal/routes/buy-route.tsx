import type { PortalOffer } from '@fitbase/domain/contracts/portal';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOffers } from '../api/list-offers';
import { offerGives, offerPrice, offerSignupFee, offerTax } from '../components/offer-format';
import { GiftCardSection } from '../components/gift-card-section';
import { PortalLoading } from '../components/portal-error';
import { usePortalMoney } from '../hooks/use-portal-money';

// The dialog (and its focus-trapping library) loads with this page, not with the portal.
const BuyDialog = lazy(() =>
  import('../components/buy-dialog').then((m) => ({ default: m.BuyDialog })),
);

/** What the studio sells online: memberships, packs, drop-ins and trials, each with `Buy`. */
export function BuyRoute() {
  const offers = useOffers();
  const [buying, setBuying] = useState<PortalOffer | null>(null);

  if (offers.error) throw offers.error;
  if (offers.isPending) return <PortalLoading label="Loading what the studio sells…" />;

  const list = offers.data.offers;
  return (
    <section aria-labelledby="portal-buy-heading" className="space-y-4">
      <h1 id="portal-buy-heading" className="text-xl font-semibold">
        Buy
      </h1>
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          Nothing is sold online yet. Ask the studio.
        </p>
      ) : (
        <ul className="space-y-3">
          {list.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onBuy={() => setBuying(offer)} />
          ))}
        </ul>
      )}
      {list.length > 0 ? (
        <Suspense fallback={null}>
          <BuyDialog offer={buying} onClose={() => setBuying(null)} />
        </Suspense>
      ) : null}
      <GiftCardSection />
    </section>
  );
}

function OfferCard({ offer, onBuy }: { offer: PortalOffer; onBuy: () => void }) {
  const nameId = `portal-offer-${offer.id}`;
  const money = usePortalMoney();
  const fee = offerSignupFee(offer, money);
  const tax = offerTax(offer, money);
  const gives = offerGives(offer);
  return (
    <li className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={nameId} className="min-w-0 font-medium">
          {offer.name}
        </h2>
        <p className="text-right tabular-nums">
          <span className="font-semibold">{offerPrice(offer, money)}</span>
          {fee ? <span className="block text-sm text-muted-foreground">{fee}</span> : null}
          {tax ? <span className="block text-sm text-muted-foreground">{tax}</span> : null}
        </p>
      </div>
      {offer.description ? (
        <p className="text-sm text-muted-foreground">{offer.description}</p>
      ) : null}
      {gives ? <p className="text-sm">{gives}</p> : null}
      <Button size="sm" aria-describedby={nameId} onClick={onBuy}>
        Buy
      </Button>
    </li>
  );
}
