import type { ManageOverview } from '@fitbase/domain/contracts/appointments';
import { BadgePercent, HandCoins } from 'lucide-react';
import { discountValueLabel, PAY_RATE_KIND_LABELS } from '../lib/money-format';
import { plural } from './manage-format';
import { EmptyText, ManageSection, SectionItem, SectionList } from './manage-section';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

/**
 * /manage's Discounts section (docs/product/money-and-store.md#discounts): the count of active
 * codes and the first few; owners and admins get the link to manage them.
 */
export function DiscountsSection({
  overview,
  canManage,
}: {
  overview: ManageOverview | undefined;
  canManage: boolean;
}) {
  const money = useMoney();
  const { locale } = useStudioFormat();
  return (
    <ManageSection
      id="manage-discounts"
      title="Discounts"
      icon={BadgePercent}
      summary={overview ? plural(locale, overview.counts.discounts, 'active code') : undefined}
      action={canManage ? { label: 'Manage discounts', to: '/manage/discounts' } : undefined}
    >
      {!overview ? (
        <EmptyText>Loading...</EmptyText>
      ) : overview.discounts.length === 0 ? (
        <EmptyText>No discount codes yet</EmptyText>
      ) : (
        <SectionList label="Discount codes">
          {overview.discounts.map((d) => (
            <SectionItem
              key={d.id}
              primary={<span className="font-mono">{d.code}</span>}
              secondary={`${discountValueLabel(d, money)} off`}
            />
          ))}
        </SectionList>
      )}
    </ManageSection>
  );
}

/**
 * /manage's Pay rates section: trainers with a rate in force today and how they are paid (no
 * amounts: every role sees /manage; owners and admins open the rates).
 */
export function PayRatesSection({
  overview,
  canManage,
}: {
  overview: ManageOverview | undefined;
  canManage: boolean;
}) {
  const { locale } = useStudioFormat();
  return (
    <ManageSection
      id="manage-pay-rates"
      title="Pay rates"
      icon={HandCoins}
      summary={
        overview
          ? plural(locale, overview.counts.payRates, 'trainer with a rate', 'trainers with a rate')
          : undefined
      }
      action={canManage ? { label: 'Manage pay rates', to: '/manage/pay-rates' } : undefined}
    >
      {!overview ? (
        <EmptyText>Loading...</EmptyText>
      ) : overview.payRates.length === 0 ? (
        <EmptyText>No pay rates yet</EmptyText>
      ) : (
        <SectionList label="Current pay rates">
          {overview.payRates.map((r) => (
            <SectionItem
              key={`${r.staffUserId}:${r.kind}`}
              primary={r.staffName}
              secondary={PAY_RATE_KIND_LABELS[r.kind]}
            />
          ))}
        </SectionList>
      )}
    </ManageSection>
  );
}
