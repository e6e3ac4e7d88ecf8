import { useStudioFormat } from '@/hooks/use-studio-format';

/** A whole count in the studio's digits, for table cells: "1,234" (en-US), "1.234" (de-DE). */
export function StudioCount({ value }: { value: number }) {
  const { locale } = useStudioFormat();
  return <>{value.toLocaleString(locale)}</>;
}
