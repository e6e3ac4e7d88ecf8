import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function open(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title="Delete tag"
      description="Delete VIP? It comes off the 3 members and leads carrying it."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onOpenChange, onConfirm };
}

describe('ConfirmDialog', () => {
  it('asks with its title and description, and confirms then closes', () => {
    const { onOpenChange, onConfirm } = open();
    const dialog = screen.getByRole('alertdialog', { name: 'Delete tag' });
    expect(dialog.textContent).toContain(
      'Delete VIP? It comes off the 3 members and leads carrying it.',
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('bg-destructive');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes without confirming on Cancel, or on the cancel label it is given', () => {
    const { onOpenChange, onConfirm } = open({ cancelLabel: 'Keep booking', destructive: false });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' }).className).not.toContain(
      'bg-destructive',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open after confirming when the caller closes it, and is disabled while pending', () => {
    const { onOpenChange, onConfirm } = open({ closeOnConfirm: false });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    cleanup();
    open({ pending: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
  });
});
