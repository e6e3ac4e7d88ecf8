import { useMoney } from '@/hooks/use-studio-format';

/** An exact amount in the studio's currency and locale, for table cells and other JSX. */
export function Money({ amount }: { amount: string | number }) {
  const money = useMoney();
  return <>{money(amount)}</>;
}
