import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { WriteOffDialog } from './write-off-dialog';

afterEach(cleanup);

const target = { summary: 'Gold Monthly ($99.00) for Ana Lytics', item: 'Gold Monthly' };

function open(onWriteOff: (reason: string) => Promise<unknown>, onOpenChange = vi.fn()) {
  render(
    <WriteOffDialog
      target={target}
      onOpenChange={onOpenChange}
      onWriteOff={onWriteOff}
      pending={false}
      idPrefix="t"
    />,
  );
  return onOpenChange;
}

describe('WriteOffDialog', () => {
  it('names the due and will not send without a reason', async () => {
    const onWriteOff = vi.fn(() => Promise.resolve());
    open(onWriteOff);
    expect(
      screen.getByText('Gold Monthly ($99.00) for Ana Lytics will no longer be owed.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write Off' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Reason*').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(onWriteOff).not.toHaveBeenCalled();
  });

  it('sends the reason and closes', async () => {
    const onWriteOff = vi.fn(() => Promise.resolve());
    const onOpenChange = open(onWriteOff);
    fireEvent.change(screen.getByLabelText('Reason*'), { target: { value: 'Moved away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write Off' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onWriteOff).toHaveBeenCalledWith('Moved away');
  });

  it('keeps the dialog open, the reason typed and the server message on its field', async () => {
    const onWriteOff = vi.fn(() =>
      Promise.reject(
        new ApiError(400, {
          code: 'validation_error',
          message: 'Check the reason',
          fields: { reason: 'Say why in 500 characters or fewer' },
        }),
      ),
    );
    const onOpenChange = open(onWriteOff);
    fireEvent.change(screen.getByLabelText('Reason*'), { target: { value: 'Moved away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write Off' }));
    await waitFor(() => expect(onWriteOff).toHaveBeenCalled());
    expect(await screen.findByText('Say why in 500 characters or fewer')).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Reason*') as HTMLTextAreaElement).value).toBe('Moved away');
  });
});
