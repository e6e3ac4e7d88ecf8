import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { ApiError } from './api/api-error';
import { renderHook } from '@testing-library/react';
import { reportError, reportProblem, useReportLoadFailure } from './report-error';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() } }));

const FORM = { id: 'form-feedback' };
const validation = (fields: Record<string, string>, message = 'Invalid request') =>
  new ApiError(400, { code: 'validation_error', message, fields });
const conflict = new ApiError(409, { code: 'conflict', message: 'This code is already in use' });
const crash = new ApiError(500, {
  code: 'internal_error',
  message: 'An unexpected error occurred',
});

beforeEach(() => vi.mocked(toast.error).mockClear());

describe('reportError', () => {
  it('toasts a refusal with the server message, titled Error, in a toast of its own', () => {
    reportError(conflict, { fallback: 'Failed to save' });
    expect(toast.error).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'This code is already in use',
    });
  });

  it('toasts the fallback for a failure: a 5xx or a network error', () => {
    reportError(crash, { title: 'Export failed', fallback: 'Please try again' });
    reportError(new TypeError('Failed to fetch'), { fallback: 'Failed to save' });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Export failed', { description: 'Please try again' }],
      ['Error', { description: 'Failed to save' }],
    ]);
  });

  it('shows the message alone as the title when the title is null', () => {
    reportError(crash, { title: null, fallback: 'The export could not be made' });
    expect(vi.mocked(toast.error).mock.calls).toEqual([['The export could not be made']]);
  });

  it('prefers words the caller already has', () => {
    reportError(new Error('Invalid password'), { message: 'Invalid password' });
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Invalid password' });
  });

  it('puts field errors on the form and toasts in the forms’ shared toast', () => {
    const setError = vi.fn();
    const applied = reportError(validation({ 'body.name': 'Name is required', secret: 'x' }), {
      fallback: 'Failed to save',
      form: { setError, fields: ['name', 'price'] },
    });
    expect(applied).toEqual(['name']);
    expect(setError).toHaveBeenCalledOnce();
    expect(setError).toHaveBeenCalledWith(
      'name',
      { type: 'server', message: 'Name is required' },
      { shouldFocus: true },
    );
    expect(toast.error).toHaveBeenCalledWith('Error', {
      ...FORM,
      description: 'Invalid request',
    });
  });

  it('puts a code’s message under its field only when no field error was set', () => {
    const setError = vi.fn();
    const form = { setError, fields: ['code'], codeFields: { conflict: 'code' } };
    expect(reportError(conflict, { fallback: 'Failed', form })).toEqual(['code']);
    expect(setError).toHaveBeenCalledWith(
      'code',
      { type: 'server', message: 'This code is already in use' },
      { shouldFocus: true },
    );
    setError.mockClear();
    expect(reportError(crash, { fallback: 'Failed', form })).toEqual([]);
    expect(setError).not.toHaveBeenCalled();
  });

  it('after field errors, toasts the fallback or nothing when told', () => {
    const setError = vi.fn();
    const error = validation({ name: 'Taken' }, 'name: Taken');
    reportError(error, {
      fallback: 'Failed to create class',
      form: { setError, fields: ['name'], afterFields: 'fallback' },
    });
    reportError(error, {
      fallback: 'Failed to add source',
      form: { setError, fields: ['name'], afterFields: 'none' },
    });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Error', { ...FORM, description: 'Failed to create class' }],
    ]);
    // No field took it: the toast carries the server's message as usual.
    reportError(conflict, {
      fallback: 'Failed to add source',
      form: { setError, fields: ['name'], afterFields: 'none' },
    });
    expect(toast.error).toHaveBeenLastCalledWith('Error', {
      ...FORM,
      description: 'This code is already in use',
    });
  });

  it('uses the shared toast without a form, or its own with one, when told', () => {
    reportError(conflict, { fallback: 'Failed', formToast: true });
    reportError(conflict, {
      fallback: 'Failed',
      form: { setError: vi.fn(), fields: [] },
      formToast: false,
    });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Error', { ...FORM, description: 'This code is already in use' }],
      ['Error', { description: 'This code is already in use' }],
    ]);
  });
});

describe('reportProblem', () => {
  it('toasts the words given, in the forms’ toast when told', () => {
    reportProblem('Could not copy', 'Select the code and copy it yourself.');
    reportProblem('No organization found');
    reportProblem('Error', 'Please sign in', { formToast: true });
    reportProblem('Sign in required', undefined, { formToast: true });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Could not copy', { description: 'Select the code and copy it yourself.' }],
      ['No organization found'],
      ['Error', { ...FORM, description: 'Please sign in' }],
      ['Sign in required', FORM],
    ]);
  });
});

describe('useReportLoadFailure', () => {
  it('toasts once when the query fails, not while it works', () => {
    const { rerender } = renderHook(
      ({ failed }) => useReportLoadFailure(failed, 'Failed to load'),
      {
        initialProps: { failed: false },
      },
    );
    expect(toast.error).not.toHaveBeenCalled();
    rerender({ failed: true });
    rerender({ failed: true });
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ['Error', { description: 'Failed to load' }],
    ]);
  });
});
