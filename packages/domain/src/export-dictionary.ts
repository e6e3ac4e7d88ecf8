import { CAMPAIGN_STATUSES, LEAD_STATUSES } from './connect-constants.ts';
import { GENDERS, MEMBERSHIP_STATUSES, ORGANIZATION_ROLES } from './constants.ts';
import {
  CHARGE_PURPOSES,
  CHARGE_STATUSES,
  LEDGER_KINDS,
  MEMBERSHIP_STATES,
} from './money-constants.ts';
import { BOOKING_STATUSES } from './schedule-constants.ts';

/**
 * What the data export contains (docs/product/settings-and-help.md#data-export): every file of
 * the ZIP, its columns in order, their type and meaning. The server writes the CSV headers and
 * `data-dictionary.csv` from it, the help center serves the same dictionary as a static file,
 * and the CSV import recognises these headers (members, memberships, visits and leads use the
 * import's own field names in snake_case, so an export re-imports without mapping).
 */

/** "a, b or c" from a list of stored values. */
const oneOf = (values: readonly string[]) =>
  values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

export type ExportColumnType =
  'id' | 'text' | 'integer' | 'boolean' | 'money' | 'date' | 'datetime';

export interface ExportColumn {
  name: string;
  type: ExportColumnType;
  description: string;
}

export interface ExportFile {
  /** File name inside the ZIP. */
  file: string;
  description: string;
  columns: readonly ExportColumn[];
}

const col = (name: string, type: ExportColumnType, description: string): ExportColumn => ({
  name,
  type,
  description,
});

const id = (what: string) => col('id', 'id', `FitBase's identifier of the ${what}`);
const createdAt = (what: string) => col('created_at', 'datetime', `When the ${what} was created`);

export const EXPORT_FILES = [
  {
    file: 'members.csv',
    description: 'Every member of the studio',
    columns: [
      id('member'),
      col('first_name', 'text', 'First name'),
      col('last_name', 'text', 'Last name'),
      col('email', 'text', 'Email address (unique in the studio)'),
      col('phone', 'text', 'Phone number'),
      col('date_of_birth', 'date', 'Date of birth'),
      col('gender', 'text', `Gender: ${oneOf(GENDERS)}`),
      col('address_line_1', 'text', 'Street address'),
      col('address_line_2', 'text', 'Apartment, suite or unit'),
      col('city', 'text', 'City'),
      col('state', 'text', 'State or region'),
      col('postal_code', 'text', 'Postal code'),
      col('country', 'text', 'Country (ISO 3166 two-letter code)'),
      col('emergency_contact_name', 'text', 'Emergency contact name'),
      col('emergency_contact_phone', 'text', 'Emergency contact phone'),
      col('emergency_contact_relationship', 'text', 'Emergency contact relationship'),
      col('membership_type', 'text', 'Free-text membership type noted on the member'),
      col('membership_status', 'text', `Member status: ${oneOf(MEMBERSHIP_STATUSES)}`),
      col('membership_start_date', 'date', 'Date the member joined'),
      col('membership_end_date', 'date', 'Date the membership ended, if it did'),
      col('referral_source', 'text', 'How the member heard of the studio'),
      col('fitness_goals', 'text', 'Fitness goals'),
      col('experience_level', 'text', 'Experience level'),
      col('medical_conditions', 'text', 'Medical conditions the member shared'),
      col('allergies', 'text', 'Allergies the member shared'),
      col('notes', 'text', 'Staff notes'),
      col('marketing_consent', 'boolean', 'true if the member agreed to marketing email'),
      col('unsubscribed_at', 'datetime', 'When the member unsubscribed from marketing email'),
      createdAt('member'),
    ],
  },
  {
    file: 'memberships.csv',
    description: 'Every plan sold to a member',
    columns: [
      id('membership'),
      col('member_id', 'id', 'The member (members.csv id)'),
      col('member_email', 'text', "The member's email"),
      col('plan_name', 'text', 'Name of the plan sold'),
      col('status', 'text', oneOf(MEMBERSHIP_STATES)),
      col('price', 'money', 'Price per billing period when sold, after discount'),
      col('start_date', 'date', 'First day of the membership'),
      col('end_date', 'date', 'Last day (empty: open-ended)'),
      col('next_billing_date', 'date', 'Next day the membership is billed'),
      col('credits_remaining', 'integer', 'Class credits left (empty: unlimited)'),
      col('cancel_at_period_end', 'boolean', 'true if it ends at the end of the current period'),
      col('cancelled_at', 'datetime', 'When it was cancelled'),
      createdAt('membership'),
    ],
  },
  {
    file: 'payments.csv',
    description: 'The ledger: every charge, refund and write-off',
    columns: [
      id('ledger entry'),
      col('occurred_at', 'datetime', 'When the money moved'),
      col('kind', 'text', oneOf(LEDGER_KINDS)),
      col('purpose', 'text', `What it paid for: ${oneOf(CHARGE_PURPOSES)}`),
      col('status', 'text', oneOf(CHARGE_STATUSES)),
      col('amount', 'money', 'Amount in the studio currency; refunds are negative'),
      col('description', 'text', 'Description shown on the receipt'),
      col('member_id', 'id', 'The member (members.csv id), if any'),
      col('member_email', 'text', "The member's email, if any"),
      col('membership_id', 'id', 'The membership paid for (memberships.csv id), if any'),
      col('order_id', 'id', 'The order paid for (orders.csv id), if any'),
      col('booking_id', 'id', 'The booking paid for (bookings.csv id), if any'),
      col('corrects_id', 'id', 'For a refund or write-off: the charge it corrects'),
      col('method', 'text', 'Payment method kind (card, cash, …)'),
      col('card_brand', 'text', 'Card brand, for card payments'),
      col('card_last_four', 'text', 'Last four digits of the card'),
      col('card_expiry', 'text', 'Card expiry as MM/YYYY'),
      col('provider_reference', 'text', "The payment processor's reference"),
      col('failure_message', 'text', 'Why a failed charge failed'),
      col('reason', 'text', 'Reason given for a refund or write-off'),
      col(
        'receipt_number',
        'text',
        'The numbered receipt (R-…) of a paid charge or credit note (CN-…) of a refund, if any',
      ),
    ],
  },
  {
    file: 'bookings.csv',
    description: 'Class bookings and waitlist places',
    columns: [
      id('booking'),
      col('member_id', 'id', 'The member (members.csv id)'),
      col('member_email', 'text', "The member's email"),
      col('class_name', 'text', 'Name of the class'),
      col('starts_at', 'datetime', 'When the class starts'),
      col('ends_at', 'datetime', 'When the class ends'),
      col('status', 'text', oneOf(BOOKING_STATUSES)),
      col('checked_in_at', 'datetime', 'When the member checked in'),
      col('cancelled_at', 'datetime', 'When the booking was cancelled'),
      col('credit_used', 'boolean', 'true if a class credit paid for it'),
      createdAt('booking'),
    ],
  },
  {
    file: 'visits.csv',
    description: 'Every recorded member visit',
    columns: [
      id('visit'),
      col('member_id', 'id', 'The member (members.csv id)'),
      col('member_email', 'text', "The member's email"),
      col('visit_date', 'datetime', 'When the member visited'),
      col('visit_type', 'text', 'check_in, class, appointment or other'),
    ],
  },
  {
    file: 'products.csv',
    description: 'Store products',
    columns: [
      id('product'),
      col('name', 'text', 'Product name'),
      col('sku', 'text', 'Stock keeping unit'),
      col('category', 'text', 'Category'),
      col('price', 'money', 'Selling price'),
      col('cost', 'money', 'Cost price'),
      col('stock_on_hand', 'integer', 'Units in stock'),
      col('low_stock_threshold', 'integer', 'Stock level that counts as low'),
      col('is_active', 'boolean', 'true if the product is on sale'),
      createdAt('product'),
    ],
  },
  {
    file: 'orders.csv',
    description: 'Store orders (one row per order)',
    columns: [
      id('order'),
      col('number', 'integer', 'Order number shown as #number'),
      col('member_id', 'id', 'The member (members.csv id), if any'),
      col('customer_name', 'text', "A walk-in customer's name"),
      col('status', 'text', 'Order status'),
      col('subtotal', 'money', 'Total before discount'),
      col('discount_total', 'money', 'Discount given'),
      col('total', 'money', 'Amount charged'),
      col('refunded_total', 'money', 'Amount refunded so far'),
      col('method', 'text', 'Payment method kind'),
      col('items', 'text', 'The lines as "quantity x product name", separated by "; "'),
      createdAt('order'),
    ],
  },
  {
    file: 'leads.csv',
    description: 'Every lead (prospect)',
    columns: [
      id('lead'),
      col('first_name', 'text', 'First name'),
      col('last_name', 'text', 'Last name'),
      col('email', 'text', 'Email address'),
      col('phone', 'text', 'Phone number'),
      col('source', 'text', 'Where the lead came from'),
      col('status', 'text', `Lead status: ${oneOf(LEAD_STATUSES)}`),
      col('trial_ends_on', 'date', 'Last day of the trial, if any'),
      col('notes', 'text', 'Staff notes'),
      col('member_id', 'id', 'The member the lead became (members.csv id), if converted'),
      createdAt('lead'),
    ],
  },
  {
    file: 'tags.csv',
    description: 'Tags, with the members and leads carrying them',
    columns: [
      id('tag'),
      col('name', 'text', 'Tag name'),
      col('description', 'text', 'Description'),
      col('color', 'text', 'Colour as #RRGGBB'),
      col('member_emails', 'text', 'Emails of the members carrying the tag, separated by "; "'),
      col('lead_ids', 'text', 'Leads carrying the tag (leads.csv ids), separated by "; "'),
      createdAt('tag'),
    ],
  },
  {
    file: 'staff.csv',
    description: 'The people who work in the studio',
    columns: [
      col('user_id', 'id', "FitBase's identifier of the person"),
      col('name', 'text', 'Name as shown in the studio'),
      col('email', 'text', 'Sign-in email'),
      col('role', 'text', oneOf(ORGANIZATION_ROLES)),
      col('department', 'text', 'Department'),
      col('joined_at', 'datetime', 'When the person joined the studio'),
    ],
  },
  {
    file: 'campaigns.csv',
    description: 'Email campaigns and their delivery figures',
    columns: [
      id('campaign'),
      col('name', 'text', 'Campaign name'),
      col('subject', 'text', 'Email subject'),
      col('status', 'text', oneOf(CAMPAIGN_STATUSES)),
      col('scheduled_at', 'datetime', 'When it was scheduled to send'),
      col('sent_at', 'datetime', 'When sending started'),
      col('recipient_count', 'integer', 'Recipients'),
      col('sent_count', 'integer', 'Emails sent'),
      col('failed_count', 'integer', 'Emails that failed'),
      col('opened_count', 'integer', 'Recipients who opened'),
      col('clicked_count', 'integer', 'Recipients who clicked'),
      col('unsubscribed_count', 'integer', 'Recipients who unsubscribed'),
      col('content', 'text', 'Email body (Markdown with merge fields)'),
      createdAt('campaign'),
    ],
  },
] as const satisfies readonly ExportFile[];

export type ExportFileName = (typeof EXPORT_FILES)[number]['file'];

/**
 * `Download my data` in the member portal (docs/product/member-portal.md#profile): the files of
 * the studio export that hold a member's own records, only their rows. The studio's notes and
 * the medical fields never reach a portal answer, so they are left out here too.
 */
const MEMBER_FILES: Partial<Record<ExportFileName, string>> = {
  'members.csv': 'You, as the studio has you on record',
  'memberships.csv': 'Your memberships, class packs and drop-ins',
  'payments.csv': 'Your charges, refunds and write-offs',
  'bookings.csv': 'Your class bookings and waitlist places',
  'visits.csv': 'Your recorded visits',
  'orders.csv': 'Your store orders',
};
const NOT_FOR_MEMBERS = new Set(['notes', 'medical_conditions', 'allergies']);

export const MEMBER_EXPORT_FILES: readonly ExportFile[] = (EXPORT_FILES as readonly ExportFile[])
  .filter((file) => MEMBER_FILES[file.file as ExportFileName] !== undefined)
  .map((file) => ({
    ...file,
    description: MEMBER_FILES[file.file as ExportFileName]!,
    columns: file.columns.filter((column) => !NOT_FOR_MEMBERS.has(column.name)),
  }));

export const EXPORT_TYPE_MEANINGS: Record<ExportColumnType, string> = {
  id: 'identifier (UUID)',
  text: 'text',
  integer: 'whole number',
  boolean: 'true or false',
  money: 'exact decimal, two places, or three for a currency with fils (e.g. 49.90, 12.345)',
  date: 'date as YYYY-MM-DD',
  datetime: 'date and time in UTC, ISO 8601 (e.g. 2026-01-31T09:30:00.000Z)',
};

export const DATA_DICTIONARY_HEADER = ['file', 'column', 'type', 'description'] as const;

/** One RFC 4180 cell: quoted when it holds a comma, quote or line break. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `data-dictionary.csv`: every file's columns, in the export's order (CRLF lines). */
export function dataDictionaryCsv(
  files: readonly ExportFile[] = EXPORT_FILES as readonly ExportFile[],
): string {
  const rows: string[][] = [[...DATA_DICTIONARY_HEADER]];
  for (const file of files) {
    for (const column of file.columns) {
      rows.push([file.file, column.name, EXPORT_TYPE_MEANINGS[column.type], column.description]);
    }
  }
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
