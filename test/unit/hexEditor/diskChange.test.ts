import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockTime, describeDiskChange, overwriteQuestion, type DiskChangeFacts } from '../../../client/src/hexEditor/diskChange';

const at = new Date(2026, 0, 5, 14, 2, 9).getTime();
const facts: DiskChangeFacts = {
  fileName: 'walk.nczxanim',
  kind: 'clip',
  before: { size: 1000, mtimeMs: at - 60_000 },
  now: { size: 38_404, mtimeMs: at },
  editedBytes: 2,
};

test('the banner says what changed, when, and what the choices are (table)', () => {
  const table: [status: 'changed' | 'rewritten' | 'kept' | 'deleted', message: string, actions: string[], mark: string][] = [
    ['changed', 'walk.nczxanim changed on disk at 14:02:09, 1,000 bytes → 38,404 bytes, while you have your 2 bytes of unsaved edits. The editor still shows your version; saving will ask before overwriting the file.', ['reload', 'keepMine'], 'changed on disk'],
    ['rewritten', 'walk.nczxanim was rewritten in place on disk at 14:02:09, 1,000 bytes → 38,404 bytes, while you have your 2 bytes of unsaved edits. Its old bytes are gone: the editor now shows the new file with your edited bytes over it; saving will ask before overwriting the file.', ['reload', 'keepMine'], 'changed on disk'],
    ['kept', 'Keeping your edits: saving will overwrite the version of walk.nczxanim written at 14:02:09 (it asks again if the file changes once more).', ['reload'], 'changed on disk'],
    ['deleted', 'walk.nczxanim was deleted from disk. Its content stays open here; Save writes it back.', [], 'deleted'],
  ];
  for (const [status, message, actions, mark] of table) {
    assert.deepEqual(describeDiskChange(status, facts), { status, message, actions, tabMark: mark }, status);
  }
  assert.match(describeDiskChange('changed', { ...facts, now: { size: 1000, mtimeMs: at } }).message, /at 14:02:09, still 1,000 bytes,/);
});

test('the question before overwriting names both versions; Compare is offered for clips', () => {
  const clip = overwriteQuestion(facts);
  assert.equal(clip.message, 'walk.nczxanim has changed on disk since you opened it. Overwrite it with your version?');
  assert.match(clip.detail, new RegExp(`version of 1,000 bytes, written at ${clockTime(at - 60_000)}\\. On disk now: 38,404 bytes, written at 14:02:09\\.`));
  assert.match(clip.detail, /Compare opens the file on disk as a keyframe listing/);
  assert.doesNotMatch(overwriteQuestion({ ...facts, kind: 'skeleton' }).detail, /Compare/);
});
