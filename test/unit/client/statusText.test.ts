import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { statusText, statusTooltip } from '../../../client/src/statusText';
import type { CheckStatusParams } from '../../../protocol/serverStatus';

const base: CheckStatusParams = { state: 'idle', checked: 0, queued: 0, files: 0, errors: 0, warnings: 0, others: 0 };

test('status bar text while checking and when done', () => {
  const table: [Partial<CheckStatusParams>, string][] = [
    [{ state: 'checking', checked: 120, queued: 1002, errors: 3, warnings: 1 }, '$(sync~spin) ZX: checking 120/1002 files $(error) 3 $(warning) 1'],
    [{ state: 'idle', files: 1002, checked: 1002, queued: 1002, errors: 5, warnings: 11, others: 2 }, 'ZX: 1002 files $(error) 5 $(warning) 11'],
    [{ state: 'idle', files: 1 }, 'ZX: 1 file $(error) 0 $(warning) 0'],
    [{}, 'ZX: 0 files $(error) 0 $(warning) 0'],
  ];
  for (const [status, text] of table) assert.equal(statusText({ ...base, ...status }), text);
});

test('the tooltip counts every severity', () => {
  assert.equal(
    statusTooltip({ ...base, files: 12, errors: 5, warnings: 11, others: 2 }),
    'Nethercore ZX: 12 supported files in the workspace; 5 errors, 11 warnings, 2 other problems.',
  );
});

