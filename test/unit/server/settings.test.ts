import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, normalizeSettings } from '../../../server/src/settings';

test('settings from the client are taken field by field; malformed fields fall back to defaults', () => {
  const table: { raw: unknown; expected: typeof DEFAULT_SETTINGS }[] = [
    { raw: undefined, expected: DEFAULT_SETTINGS },
    { raw: null, expected: DEFAULT_SETTINGS },
    { raw: [], expected: DEFAULT_SETTINGS },
    {
      raw: { frameRate: 60, maxKeyframeProblems: 5, severityOverrides: { 'anim/trailing-bytes': 'error' }, exclude: ['**/out/**'], maxStorageBufferBindingSize: 268435456, msh: { extensions: ['.msh', '.RLB'] } },
      expected: { ...DEFAULT_SETTINGS, frameRate: 60, maxKeyframeProblems: 5, severityOverrides: { 'anim/trailing-bytes': 'error' }, exclude: ['**/out/**'], maxStorageBufferBindingSize: 268435456, mshExtensions: ['.msh', '.rlb'] },
    },
    { raw: { motion: { popMinDegrees: 90, jumpRatio: 8 } }, expected: { ...DEFAULT_SETTINGS, motionPopMinDegrees: 90, motionJumpRatio: 8 } },
    { raw: { motion: { popMinDegrees: 0, jumpRatio: 0.5 } }, expected: DEFAULT_SETTINGS },
    {
      raw: { frameRate: 0, maxKeyframeProblems: -1, severityOverrides: { a: 'loud', b: 'off', c: 3 }, exclude: 'nope' },
      expected: { ...DEFAULT_SETTINGS, severityOverrides: { b: 'off' } },
    },
    { raw: { frameRate: Number.NaN, maxKeyframeProblems: 2.5, maxStorageBufferBindingSize: 0 }, expected: DEFAULT_SETTINGS },
    { raw: { maxStorageBufferBindingSize: 1.5 }, expected: DEFAULT_SETTINGS },
    { raw: { msh: { extensions: ['rlb', '.lib', 3, '.a b'] } }, expected: { ...DEFAULT_SETTINGS, mshExtensions: ['.lib'] } },
    { raw: { msh: { extensions: '.rlb' } }, expected: DEFAULT_SETTINGS },
    { raw: { maxKeyframeProblems: 0, exclude: ['', 'x/**', 7] }, expected: { ...DEFAULT_SETTINGS, maxKeyframeProblems: 0, exclude: ['x/**'] } },
  ];
  assert.equal(DEFAULT_SETTINGS.maxStorageBufferBindingSize, 128 * 1024 * 1024);
  for (const row of table) assert.deepEqual(normalizeSettings(row.raw), row.expected, JSON.stringify(row.raw));
});
