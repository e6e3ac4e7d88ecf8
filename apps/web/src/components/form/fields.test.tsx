import { zodResolver } from '@hookform/resolvers/zod';
import { serviceInputSchema, type ServiceInput } from '@fitbase/domain/contracts/services';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { Form } from './form';
import { MoneyField, NumberField } from './number-fields';
import { TextField } from './text-fields';

type Output = z.output<typeof serviceInputSchema>;

function ServiceLikeForm({ onSubmit }: { onSubmit: (values: Output) => void }) {
  const form = useForm<ServiceInput, unknown, Output>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: { name: 'Spin', description: '', price: null, durationMinutes: null },
  });
  return (
    <Form form={form} onSubmit={onSubmit} idPrefix="t" schema={serviceInputSchema}>
      <TextField control={form.control} name="name" label="Service Name*" />
      <MoneyField control={form.control} name="price" label="Price ($)" />
      <NumberField
        control={form.control}
        name="durationMinutes"
        label="Duration (minutes)"
        min={1}
      />
      <button type="submit">Save</button>
    </Form>
  );
}

afterEach(cleanup);

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

describe('form kit fields', () => {
  it('carries the schema limits and never uses the browser bubbles', () => {
    render(<ServiceLikeForm onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Service Name*')).toHaveProperty('maxLength', 120);
    const duration = screen.getByLabelText('Duration (minutes)');
    expect(duration.getAttribute('min')).toBe('1');
    expect(duration.getAttribute('step')).toBe('1');
    expect(screen.getByLabelText('Price ($)').getAttribute('step')).toBe('0.01');
    expect(duration.closest('form')?.noValidate).toBe(true);
  });

  it('explains a negative price and a fractional duration inline', async () => {
    const onSubmit = vi.fn();
    render(<ServiceLikeForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Price ($)'), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('Duration (minutes)'), { target: { value: '1.5' } });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Price cannot be negative')).toBeTruthy();
    expect(screen.getByText('Duration (minutes) must be a whole number')).toBeTruthy();
    const price = screen.getByLabelText('Price ($)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(price.getAttribute('aria-describedby')).toBe('t-price-error');
  });

  it('sends the amount as an exact two-decimal string after leaving the field', async () => {
    const onSubmit = vi.fn();
    render(<ServiceLikeForm onSubmit={onSubmit} />);
    const price = screen.getByLabelText('Price ($)');
    fireEvent.change(price, { target: { value: '25.5' } });
    fireEvent.blur(price);
    expect((price as HTMLInputElement).value).toBe('25.50');
    fireEvent.change(screen.getByLabelText('Duration (minutes)'), { target: { value: '45' } });
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Spin',
      price: '25.50',
      durationMinutes: 45,
    });
  });
});
