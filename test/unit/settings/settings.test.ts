/**
 * The one settings model (formats/settings/): its defaults are package.json's, a raw value is
 * read the same whether it comes nested (`workspace/configuration`) or by dotted key (VS Code's
 * `WorkspaceConfiguration.get`), and a change says what it means for the workspace.
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_SETTINGS,
  nestedLookup,
  readSettings,
  SETTING_KEYS,
  SETTINGS_SECTION,
  settingsChange,
  type EwzanimSettings,
  type SettingName,
} from '../../../formats/settings/settings';

interface DeclaredSetting {
  default: unknown;
}

function declaredSettings(): Record<string, DeclaredSetting> {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { configuration: { properties: Record<string, DeclaredSetting> } } };
  return pkg.contributes.configuration.properties;
}

test("every setting package.json declares is in the model, with package.json's default", () => {
  const declared = declaredSettings();
  const modelKeys = Object.values(SETTING_KEYS).map((key) => `${SETTINGS_SECTION}.${key}`);
  assert.deepEqual(modelKeys.sort(), Object.keys(declared).sort());
  for (const [name, key] of Object.entries(SETTING_KEYS) as [SettingName, string][]) {
    assert.deepEqual(DEFAULT_SETTINGS[name], declared[`${SETTINGS_SECTION}.${key}`]!.default, key);
  }
});

test('nothing set reads as the defaults; the defaults cannot be changed through a read', () => {
  const read = readSettings(() => undefined);
  assert.deepEqual(read, DEFAULT_SETTINGS);
  read.mshExtensions.push('.rlb');
  read.exclude.push('x/**');
  assert.deepEqual(DEFAULT_SETTINGS.mshExtensions, ['.msh']);
  assert.deepEqual(DEFAULT_SETTINGS.exclude, ['**/node_modules/**', '**/target/**']);
});

test('the nested object of workspace/configuration and the dotted keys of VS Code give the same settings', () => {
  const values: Record<string, unknown> = { frameRate: 60, 'msh.extensions': ['.MSH', '.mdl'], exclude: ['out/**'] };
  const byKey = readSettings((key) => values[key]);
  const nested = readSettings(nestedLookup({ frameRate: 60, msh: { extensions: ['.MSH', '.mdl'] }, exclude: ['out/**'] }));
  const dottedInAnObject = readSettings(nestedLookup(values));
  const expected: EwzanimSettings = { ...DEFAULT_SETTINGS, frameRate: 60, mshExtensions: ['.msh', '.mdl'], exclude: ['out/**'] };
  assert.deepEqual(byKey, expected);
  assert.deepEqual(nested, expected);
  assert.deepEqual(dottedInAnObject, expected);
});

test('malformed values fall back field by field; malformed list items are dropped', () => {
  const table: { raw: Record<string, unknown>; expected: Partial<EwzanimSettings> }[] = [
    { raw: { frameRate: 0, maxKeyframeProblems: -1 }, expected: {} },
    { raw: { frameRate: '30', maxKeyframeProblems: 2.5, maxStorageBufferBindingSize: 2 ** 60 }, expected: {} },
    { raw: { maxKeyframeProblems: 0 }, expected: { maxKeyframeProblems: 0 } },
    { raw: { severityOverrides: { 'anim/nan': 'off', 'anim/x': 'loud', 'anim/y': 1 } }, expected: { severityOverrides: { 'anim/nan': 'off' } } },
    { raw: { msh: { extensions: ['mdl', '.a b', 7, '.RLB', ''] } }, expected: { mshExtensions: ['.rlb'] } },
    { raw: { msh: { extensions: '.rlb' } }, expected: {} },
    { raw: { msh: { extensions: [] } }, expected: { mshExtensions: [] } },
    { raw: { exclude: ['', 3, 'a/**'] }, expected: { exclude: ['a/**'] } },
  ];
  for (const row of table) assert.deepEqual(readSettings(nestedLookup(row.raw)), { ...DEFAULT_SETTINGS, ...row.expected }, JSON.stringify(row.raw));
});

test('a change: what it rechecks and whether the file watchers follow', () => {
  const base: EwzanimSettings = { ...DEFAULT_SETTINGS };
  const table: { next: Partial<EwzanimSettings>; changed: SettingName[]; recheck: boolean; watchers: boolean }[] = [
    { next: {}, changed: [], recheck: false, watchers: false },
    { next: { mshExtensions: ['.msh'] }, changed: [], recheck: false, watchers: false },
    { next: { frameRate: 24 }, changed: ['frameRate'], recheck: false, watchers: false },
    { next: { severityOverrides: { 'anim/nan': 'off' } }, changed: ['severityOverrides'], recheck: false, watchers: false },
    { next: { maxKeyframeProblems: 3 }, changed: ['maxKeyframeProblems'], recheck: true, watchers: false },
    { next: { exclude: ['x/**'] }, changed: ['exclude'], recheck: true, watchers: false },
    { next: { maxStorageBufferBindingSize: 1 }, changed: ['maxStorageBufferBindingSize'], recheck: true, watchers: false },
    { next: { mshExtensions: ['.msh', '.mdl'] }, changed: ['mshExtensions'], recheck: true, watchers: true },
  ];
  for (const row of table) assert.deepEqual(settingsChange(base, { ...base, ...row.next }), { changed: row.changed, recheck: row.recheck, watchers: row.watchers }, JSON.stringify(row.next));
});
