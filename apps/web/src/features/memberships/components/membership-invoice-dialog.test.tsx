import type { Membership } from '@fitbase/domain/contracts/plans';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { MembershipInvoice } from './membership-invoice-dialog';

// Issue 33 point 3: an invoice for a membership to a company, on request, downloaded as a PDF.

const api = mockApi();
const created: Blob[] = [];
beforeEach(() => {
  created.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:invoice';
      },
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const membership = {
  id: 'm-1',
  memberId: 'member-1',
  plan: {
    id: 'p-1',
    name: 'Gold Monthly',
    kind: 'membership',
    billingInterval: 'month',
    weeklyClassLimit: null,
  },
  status: 'active',
} as Membership;

describe('Invoice to a company', () => {
  it('sends the company and downloads the numbered PDF', async () => {
    api.answer({
      'POST /api/memberships/m-1/invoice': () =>
        new Response('%PDF-1.3 invoice', {
          status: 201,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-000001.pdf"',
          },
        }),
    });
    renderWithProviders(<MembershipInvoice membership={membership} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice Gold Monthly' }));
    fireEvent.change(screen.getByLabelText('Company name*'), { target: { value: 'Acme Ltd' } });
    fireEvent.change(screen.getByLabelText('Company tax ID'), { target: { value: 'GB123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      companyName: 'Acme Ltd',
      companyTaxId: 'GB123',
      companyAddress: null,
    });
  });

  it('asks for the company name before sending', async () => {
    renderWithProviders(<MembershipInvoice membership={membership} />);
    fireEvent.click(screen.getByRole('button', { name: 'Invoice Gold Monthly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Issue Invoice' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
