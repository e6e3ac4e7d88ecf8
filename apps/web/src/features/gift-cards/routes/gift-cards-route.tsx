import type { GiftCard } from '@fitbase/domain/contracts/gift-cards';
import type { GiftCardMovementKind } from '@fitbase/domain/money-constants';
import { can } from '@fitbase/domain/permissions';
import { toMills } from '@fitbase/domain/amounts';
import { Eye, Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { StudioDateTime } from '@/components/studio-date';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useMoney } from '@/hooks/use-studio-format';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { GIFT_CARDS_PAGE_SIZE, useGiftCard, useGiftCards } from '../api/gift-cards';
import { RefundGiftCardDialog } from '../components/refund-gift-card-dialog';
import { SellGiftCardDialog } from '../components/sell-gift-card-dialog';

type Money = (amount: string) => string;

const MOVEMENT_LABELS: Record<GiftCardMovementKind, string> = {
  issue: 'Issued',
  redeem: 'Redeemed',
  refund: 'Refunded back',
  refund_to_buyer: 'Refunded to the buyer',
};

function columns(money: Money): DataTableColumn<GiftCard>[] {
  return [
    {
      id: 'card',
      header: 'Card',
      primary: true,
      hideable: false,
      cell: (c) => <span className="font-medium">•••• {c.lastFour}</span>,
    },
    { id: 'sold', header: 'Sold', cell: (c) => <StudioDateTime instant={c.createdAt} /> },
    { id: 'recipient', header: 'Recipient', cell: (c) => c.recipientName ?? c.recipientEmail },
    { id: 'buyer', header: 'Bought by', cell: (c) => c.purchaser?.name ?? '—' },
    {
      id: 'initial',
      header: 'Amount',
      className: 'tabular-nums',
      cell: (c) => money(c.initialAmount),
    },
    {
      id: 'balance',
      header: 'Balance',
      className: 'tabular-nums',
      cell: (c) =>
        // A card whose balance went back to its buyer says so, not just 0.00.
        toMills(c.balance) === 0 && toMills(c.refundedToBuyer) > 0 ? (
          <span>
            {money(c.balance)}{' '}
            <span className="text-muted-foreground">(refunded {money(c.refundedToBuyer)})</span>
          </span>
        ) : (
          money(c.balance)
        ),
    },
  ];
}

/** /store/gift-cards (docs/product/money-and-store.md#gift-cards): cards, balances, liability. */
export function GiftCardsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return (
    <GiftCardsPage
      key={organization.id}
      canSell={can(role, 'money.sell')}
      canRefund={can(role, 'money.manage')}
    />
  );
}

function GiftCardsPage({ canSell, canRefund }: { canSell: boolean; canRefund: boolean }) {
  const money = useMoney();
  const [page, setPage] = useState(1);
  const [selling, setSelling] = useState(false);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [refunding, setRefunding] = useState<GiftCard | null>(null);
  const cards = useGiftCards(page);
  const total = cards.data?.pageInfo.total ?? 0;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Gift cards</h1>
        {canSell ? (
          <Button onClick={() => setSelling(true)}>
            <Plus aria-hidden />
            Sell gift card
          </Button>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Outstanding balance</h2>
          </CardTitle>
          <CardDescription>
            What the studio&apos;s gift cards still hold: owed to their holders, not yet revenue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-2xl font-semibold tabular-nums" aria-label="Outstanding balance">
            {cards.data ? money(cards.data.outstanding) : '—'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Gift cards sold</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Gift cards"
            columns={columns(money)}
            rows={cards.data?.giftCards}
            getRowId={(c) => c.id}
            rowActions={(card) => (
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`View gift card ${card.lastFour}`}
                  onClick={() => setViewingId(card.id)}
                >
                  <Eye aria-hidden />
                  View
                </Button>
                {canRefund && toMills(card.balance) > 0 ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Refund balance of gift card ${card.lastFour}`}
                    onClick={() => setRefunding(card)}
                  >
                    <Undo2 aria-hidden />
                    Refund balance
                  </Button>
                ) : null}
              </div>
            )}
            loading={cards.isPending}
            fetching={cards.isFetching}
            loadingLabel="Loading gift cards..."
            error={
              cards.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(cards.error, 'Failed to load gift cards')}
                </p>
              ) : null
            }
            empty={<p className="py-10 text-center text-muted-foreground">No gift cards yet</p>}
            pagination={{
              mode: 'pages',
              page,
              pageCount: Math.ceil(total / GIFT_CARDS_PAGE_SIZE),
              onPageChange: setPage,
            }}
          />
        </CardContent>
      </Card>
      {canSell ? (
        <SellGiftCardDialog
          open={selling}
          onOpenChange={setSelling}
          onSold={(card) => setViewingId(card.id)}
        />
      ) : null}
      <GiftCardDetailDialog id={viewingId} onClose={() => setViewingId(null)} />
      <RefundGiftCardDialog card={refunding} onClose={() => setRefunding(null)} />
    </div>
  );
}

function GiftCardDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const money = useMoney();
  const card = useGiftCard(id);
  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Gift card {card.data ? `•••• ${card.data.lastFour}` : ''}</DialogTitle>
          <DialogDescription>
            {card.data
              ? `${money(card.data.balance)} left of ${money(card.data.initialAmount)} · for ${card.data.recipientEmail}`
              : 'Loading...'}
          </DialogDescription>
        </DialogHeader>
        {card.data ? (
          <ul className="space-y-2 text-sm" aria-label="History">
            {card.data.movements.map((m) => (
              <li key={m.id} className="flex justify-between gap-3">
                <span>
                  {MOVEMENT_LABELS[m.kind]}
                  {m.description ? ` · ${m.description}` : ''}
                  <span className="block text-muted-foreground">
                    <StudioDateTime instant={m.createdAt} />
                  </span>
                </span>
                <span className="tabular-nums">
                  {m.amount.startsWith('-') ? `−${money(m.amount.slice(1))}` : money(m.amount)}
                  <span className="block text-muted-foreground">{money(m.balanceAfter)} left</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
