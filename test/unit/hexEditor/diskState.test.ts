import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dirtyChanged,
  initialDiskState,
  keepMine,
  reactToDisk,
  resynced,
  saveDecision,
  type DiskObservation,
  type DiskReaction,
  type DiskState,
  type DiskStatus,
  type SaveDecision,
} from '../../../client/src/hexEditor/diskState';

const V1 = 'size 1000, mtime 1';
const V2 = 'size 38404, mtime 2';
const V3 = 'size 38404, mtime 3';

const unchanged: DiskObservation = { exists: true, version: V1 };
const changed: DiskObservation = { exists: true, version: V2 };
const deleted: DiskObservation = { exists: false };

type ReactionCase = [name: string, state: DiskState, disk: DiskObservation, reaction: DiskReaction, status: DiskStatus];

function assertReactions(table: ReactionCase[]): void {
  for (const [name, state, disk, reaction, status] of table) {
    const result = reactToDisk(state, disk);
    assert.equal(result.reaction, reaction, name);
    assert.equal(result.state.status, status, name);
    assert.equal(result.state.dirty, state.dirty, `${name}: the edits are never dropped by a disk event`);
    assert.equal(result.state.base, V1, `${name}: the base changes only by reload, revert or save`);
  }
}

test('disk events: clean/dirty x unchanged/changed/deleted (table)', () => {
  const clean = initialDiskState(V1, false);
  const dirty = initialDiskState(V1, true);
  assertReactions([
    ['clean, unchanged', clean, unchanged, 'none', 'inSync'],
    ['clean, changed: reload keeping the view', clean, changed, 'reload', 'changed'],
    ['clean, deleted: content stays, tab marked', clean, deleted, 'showDeleted', 'deleted'],
    ['dirty, unchanged', dirty, unchanged, 'none', 'inSync'],
    ['dirty, changed: edits kept, conflict shown', dirty, changed, 'showChanged', 'changed'],
    ['dirty, deleted: content stays, tab marked', dirty, deleted, 'showDeleted', 'deleted'],
  ]);
});

test('disk events from a marked state (table)', () => {
  const changedDirty: DiskState = { base: V1, status: 'changed', dirty: true, seen: V2 };
  const deletedDirty: DiskState = { base: V1, status: 'deleted', dirty: true };
  const deletedClean: DiskState = { base: V1, status: 'deleted', dirty: false };
  assertReactions([
    ['changed, the same new version again (a second event)', changedDirty, changed, 'none', 'changed'],
    ['changed, changed again: the banner says so', changedDirty, { exists: true, version: V3 }, 'showChanged', 'changed'],
    ['changed, back to the original version', changedDirty, unchanged, 'clear', 'inSync'],
    ['changed, then deleted', changedDirty, deleted, 'showDeleted', 'deleted'],
    ['deleted, deleted again', deletedDirty, deleted, 'none', 'deleted'],
    ['deleted, recreated identical', deletedDirty, unchanged, 'clear', 'inSync'],
    ['deleted and dirty, recreated different', deletedDirty, changed, 'showChanged', 'changed'],
    ['deleted and clean, recreated different: reload', deletedClean, changed, 'reload', 'changed'],
  ]);
});

test('save decisions: never overwrite another version without asking (table)', () => {
  const inSync = initialDiskState(V1, true);
  const conflict: DiskState = { base: V1, status: 'changed', dirty: true, seen: V2 };
  const kept = keepMine(conflict);
  const table: [name: string, state: DiskState, disk: DiskObservation, contentMatches: boolean, decision: SaveDecision][] = [
    ['disk still holds the version the edits were made on', inSync, unchanged, true, 'write'],
    ['disk holds another version', inSync, changed, true, 'ask'],
    ['same size and mtime, but the bytes under the edits differ', inSync, unchanged, false, 'ask'],
    ['file deleted: the save recreates it', inSync, deleted, true, 'write'],
    ['conflict shown, user did not choose', conflict, changed, true, 'ask'],
    ['"Keep mine" over exactly this version', kept, changed, true, 'write'],
    ['"Keep mine", then the disk changed again', kept, { exists: true, version: V3 }, true, 'ask'],
  ];
  for (const [name, state, disk, contentMatches, decision] of table) {
    assert.equal(saveDecision(state, disk, contentMatches), decision, name);
  }
});

test('the dirty flag: undoing back to clean while the file changed reloads', () => {
  const conflict: DiskState = { base: V1, status: 'changed', dirty: true, seen: V2 };
  assert.equal(dirtyChanged(conflict, false).reaction, 'reload');
  assert.equal(dirtyChanged(initialDiskState(V1, true), false).reaction, 'none');
  assert.equal(dirtyChanged(initialDiskState(V1, false), true).reaction, 'none');
  assert.equal(dirtyChanged({ base: V1, status: 'deleted', dirty: true }, false).reaction, 'none', 'a deleted file keeps its content');
});

test('reload, revert and save make the document that version, in sync and clean', () => {
  const state = resynced(V2);
  assert.deepEqual(state, { base: V2, status: 'inSync', dirty: false });
  assert.equal(reactToDisk(state, changed).reaction, 'none', 'its own save is no change');
});
