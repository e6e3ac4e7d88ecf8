import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorDialog, EditorDialogFooter } from './editor-dialog';

afterEach(cleanup);

function TagForm({ onDone, pending = false }: { onDone: () => void; pending?: boolean }) {
  return (
    <form aria-label="Edit tag" onSubmit={(event) => event.preventDefault()}>
      <input aria-label="Name" defaultValue="VIP" />
      <EditorDialogFooter onCancel={onDone} pending={pending} submitLabel="Save tag" />
    </form>
  );
}

describe('EditorDialog', () => {
  it('shows its title, description and form; Cancel closes it', () => {
    const onOpenChange = vi.fn();
    render(
      <EditorDialog
        open
        onOpenChange={onOpenChange}
        title="Edit tag"
        description="Tags label members and leads."
      >
        {(close) => <TagForm onDone={close} />}
      </EditorDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit tag' });
    expect(dialog.textContent).toContain('Tags label members and leads.');
    expect(screen.getByRole('form', { name: 'Edit tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save tag' }).getAttribute('type')).toBe('submit');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('mounts the form only while open, so each opening starts afresh', () => {
    const form = vi.fn(() => <p>form</p>);
    const { rerender } = render(
      <EditorDialog open={false} onOpenChange={() => {}} title="Edit tag">
        {form}
      </EditorDialog>,
    );
    expect(form).not.toHaveBeenCalled();
    rerender(
      <EditorDialog open onOpenChange={() => {}} title="Edit tag">
        {form}
      </EditorDialog>,
    );
    expect(screen.getByText('form')).toBeTruthy();
  });

  it('keeps both buttons waiting while pending, and the submit button while it cannot send', () => {
    const { rerender } = render(
      <EditorDialogFooter onCancel={() => {}} pending submitLabel="Save" />,
    );
    const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
    expect(button('Cancel').disabled).toBe(true);
    expect(button('Save').disabled).toBe(true);
    rerender(
      <EditorDialogFooter onCancel={() => {}} pending={false} submitLabel="Save" submitDisabled />,
    );
    expect(button('Cancel').disabled).toBe(false);
    expect(button('Save').disabled).toBe(true);
  });
});
