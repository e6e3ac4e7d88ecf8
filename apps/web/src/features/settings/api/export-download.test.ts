import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXPORT_DOWNLOAD_ACTION,
  exportTokenFromHash,
  submitExportDownload,
} from './export-download';

describe('export download', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the token from the fragment only', () => {
    expect(exportTokenFromHash('#token=abc.def')).toBe('abc.def');
    expect(exportTokenFromHash('')).toBeNull();
    expect(exportTokenFromHash('#token=')).toBeNull();
  });

  it('posts the token as a form to the API, never in a path', () => {
    let posted: { action: string; method: string; token: string | null } | undefined;
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      posted = {
        action: new URL(this.action).pathname,
        method: this.method,
        token: new FormData(this).get('token') as string | null,
      };
    });
    submitExportDownload('abc.def');
    expect(posted).toEqual({ action: EXPORT_DOWNLOAD_ACTION, method: 'post', token: 'abc.def' });
    expect(document.querySelector('form')).toBeNull();
  });
});
