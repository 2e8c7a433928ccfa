import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './fence.ts';

/** docs/decisions/README.md lists every record with its status, so a reader knows which still hold. */
describe('the decision records index', () => {
  it('lists every record in docs/decisions, with a status', () => {
    const folder = path.join(repoRoot, 'docs/decisions');
    const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');
    const records = fs.readdirSync(folder).filter((f) => /^\d{3}-.+\.md$/.test(f));
    expect(records.length).toBeGreaterThan(30);
    for (const record of records)
      expect(index, record).toMatch(new RegExp(`\\| \\[\\d{3}\\]\\(${record.replace('.', '\\.')}\\) \\| .+ \\| (current|superseded by .+) \\|`));
  });
});
