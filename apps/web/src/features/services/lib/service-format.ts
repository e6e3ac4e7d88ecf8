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

/** The Add/Edit Service dialog's fields, as typed. */
export interface ServiceFormValues {
  name: string;
  description: string;
  price: string;
  durationMinutes: string;
}

export const EMPTY_SERVICE_FORM: ServiceFormValues = {
  name: '',
  description: '',
  price: '',
  durationMinutes: '',
};

export function serviceToForm(service: Service): ServiceFormValues {
  return {
    name: service.name,
    description: service.description ?? '',
    price: service.price ?? '',
    durationMinutes: service.durationMinutes === null ? '' : String(service.durationMinutes),
  };
}

/** Doc 2 §5: text trimmed, empty becomes null; duration parsed as an integer. */
export function formToPayload(values: ServiceFormValues): Omit<ServiceInput, 'isActive'> {
  const duration = values.durationMinutes.trim();
  const parsed = duration === '' ? null : Number.parseInt(duration, 10);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    price: values.price.trim() || null,
    durationMinutes: parsed === null || Number.isNaN(parsed) ? null : parsed,
  };
}
