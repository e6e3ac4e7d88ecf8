import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { MemberHousehold } from './member-household';

const api = mockApi();
afterEach(() => cleanup());

const member = { id: 'm1', firstName: 'Kim', lastName: 'Lee' };
const household = {
  id: 'h1',
  name: 'Lee household',
  payerMemberId: 'm0',
  members: [
    { id: 'm0', firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', isPayer: true },
    { id: 'm1', firstName: 'Kim', lastName: 'Lee', email: 'kim@example.com', isPayer: false },
  ],
};

describe('MemberHousehold', () => {
  it('lists the household with its payer; staff who may edit remove a member', async () => {
    let removed = '';
    api.use(
      http.get('/api/members/m1/household', () => Response.json({ household })),
      http.delete('/api/households/h1/members/:memberId', ({ params }) => {
        removed = String(params.memberId);
        return Response.json({ ...household, members: [household.members[0]] });
      }),
    );
    renderWithProviders(<MemberHousehold member={member} canEdit />, { router: true });
    const section = await screen.findByRole('region', { name: 'Household' });
    await within(section).findByText('Lee household');
    const payer = within(section).getByRole('link', { name: 'Pat Lee' }).closest('li')!;
    within(payer).getByText('Payer');
    // The payer cannot be removed (choose another payer first); the child can.
    expect(within(payer).queryByRole('button', { name: 'Remove from household' })).toBeNull();
    expect((within(section).getByLabelText('Payer') as HTMLSelectElement).value).toBe('m0');
    fireEvent.click(within(section).getByRole('button', { name: 'Remove from household' }));
    await expect.poll(() => removed).toBe('m1');
  });

  it('shows a child without an email, who cannot be the payer, and links Add a child', async () => {
    const child = { ...household.members[1]!, email: null };
    api.use(
      http.get('/api/members/m1/household', () =>
        Response.json({ household: { ...household, members: [household.members[0], child] } }),
      ),
    );
    renderWithProviders(<MemberHousehold member={member} canEdit />, { router: true });
    const section = await screen.findByRole('region', { name: 'Household' });
    await within(section).findByText('Lee household');
    within(section).getByText('No email');
    const option = within(section).getByRole('option', { name: 'Kim Lee (no email)' });
    expect((option as HTMLOptionElement).disabled).toBe(true);
    expect(within(section).getByRole('link', { name: 'Add a child' }).getAttribute('href')).toBe(
      '/add-member?householdId=h1',
    );
  });

  it('offers Create household to a member in none, with them as the payer', async () => {
    let body: unknown = null;
    api.use(
      http.get('/api/members/m1/household', () => Response.json({ household: null })),
      http.post('/api/households', async ({ request }) => {
        body = await request.json();
        return Response.json({ ...household, payerMemberId: 'm1' }, { status: 201 });
      }),
    );
    renderWithProviders(<MemberHousehold member={member} canEdit />, { router: true });
    await screen.findByText('Not in a household');
    fireEvent.click(screen.getByRole('button', { name: 'Create household' }));
    await expect
      .poll(() => body)
      .toEqual({ name: 'Lee household', payerMemberId: 'm1', memberIds: [] });
  });

  it('shows no editing to a role that may not edit members', async () => {
    api.use(http.get('/api/members/m1/household', () => Response.json({ household: null })));
    renderWithProviders(<MemberHousehold member={member} canEdit={false} />);
    await screen.findByText('Not in a household');
    expect(screen.queryByRole('button', { name: 'Create household' })).toBeNull();
  });
});
