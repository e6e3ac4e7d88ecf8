import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDictionaryCsv } from '@fitbase/domain/export-dictionary';
import { REPO_ROOT } from '../../env.ts';
import { neutraliseFormula } from '../../lib/csv-cell.ts';
import { exportFileName } from './data-export.service.ts';

// Unit tests without a database; data-export.test.ts covers the endpoints.

describe('data export files', () => {
  it('the help center dictionary is exactly what the export writes', () => {
    // After changing packages/domain/src/export-dictionary.ts, regenerate the static file:
    // npx tsx -e "import {dataDictionaryCsv} from './packages/domain/src/export-dictionary.ts'; process.stdout.write(dataDictionaryCsv())" > apps/web/public/help/resources/fitbase-data-dictionary.csv
    const file = path.join(REPO_ROOT, 'apps/web/public/help/resources/fitbase-data-dictionary.csv');
    expect(readFileSync(file, 'utf8')).toBe(dataDictionaryCsv());
  });

  it('keeps cells a spreadsheet would run as formulas as text', () => {
    for (const cell of ['=SUM(A1:A9)', '+1 555', '-2', '@cmd', '\tx', '\rx'])
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    for (const cell of ['Ann', '49.90', '2026-01-31', 'a=b', ''])
      expect(neutraliseFormula(cell)).toBe(cell);
  });

  it('names the ZIP after the studio and the UTC day', () => {
    expect(exportFileName('iron-gym', new Date('2026-03-01T23:30:00Z'))).toBe(
      'fitbase-export-iron-gym-2026-03-01.zip',
    );
  });
});
