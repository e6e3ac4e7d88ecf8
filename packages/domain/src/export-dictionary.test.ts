import { describe, expect, it } from 'vitest';
import { DATA_DICTIONARY_HEADER, EXPORT_FILES, dataDictionaryCsv } from './export-dictionary.ts';

describe('data dictionary', () => {
  it('lists every column of every file once, with a meaning', () => {
    const lines = dataDictionaryCsv().trimEnd().split('\r\n');
    expect(lines[0]).toBe(DATA_DICTIONARY_HEADER.join(','));
    const total = EXPORT_FILES.reduce((n, f) => n + f.columns.length, 0);
    expect(lines).toHaveLength(total + 1);
    for (const file of EXPORT_FILES) {
      const names = file.columns.map((c) => c.name);
      expect(new Set(names).size, file.file).toBe(names.length);
      for (const c of file.columns) {
        expect(c.name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(c.description.length).toBeGreaterThan(2);
      }
    }
  });

  it('quotes cells holding commas or quotes', () => {
    const line = dataDictionaryCsv()
      .split('\r\n')
      .find((l) => l.startsWith('orders.csv,items,'));
    expect(line).toBe(
      'orders.csv,items,text,"The lines as ""quantity x product name"", separated by ""; """',
    );
  });
});
