import type { Service, ServiceInput } from '@fitbase/domain/contracts/services';

/**
 * '$1,234.50' from the exact decimal string '1234.50': string arithmetic only, so what the
 * database stores is what the page shows (never a floating-point approximation).
 */
export function formatPrice(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The Add/Edit Service dialog's starting values: the schema's input shape, empty text as ''. */
export function serviceToForm(service?: Service): ServiceInput {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    price: service?.price ?? null,
    durationMinutes: service?.durationMinutes ?? null,
  };
}
