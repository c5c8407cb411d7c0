/**
 * How an open hex document follows its file on disk, as pure decisions (no VS Code, no I/O):
 * the glue in hexDocument.ts observes the disk (exists? which version?) and applies what these
 * functions decide. A "version" is an opaque fingerprint of a file (size, mtime, identity and a
 * hash of sampled bytes), compared only for equality.
 *
 *                 | unchanged      | changed                       | deleted
 *   clean editor  | nothing        | reload (keep the view)        | mark deleted, keep the content
 *   dirty editor  | nothing        | keep the edits, show conflict | mark deleted, keep the content
 *
 * A disk that returns to the version the document was read from clears the mark. Saving writes
 * at once when the disk still holds that version (or the file is gone: the save recreates it),
 * and asks first when it holds another one, unless the user already chose to keep their edits
 * over exactly that version.
 */

export type DiskStatus = 'inSync' | 'changed' | 'deleted';

export interface DiskState {
  /** The version the document's bytes were read from (or last saved to). */
  base: string;
  status: DiskStatus;
  /** Unsaved edits exist. */
  dirty: boolean;
  /** The version the disk held when it was last seen changed (for "changed again"). */
  seen?: string;
  /** The disk version the user chose to keep their edits over ("Keep mine"). */
  keptOver?: string;
}

export interface DiskObservation {
  exists: boolean;
  /** Fingerprint of what is on disk now (when it exists). */
  version?: string;
}

/** What the glue does after a disk event. */
export type DiskReaction =
  /** Nothing changed that matters. */
  | 'none'
  /** Clean document, new file: read it again, keeping scroll, selection and frame/bone. */
  | 'reload'
  /** Dirty document, new file: keep the edits, show the conflict and mark the tab. */
  | 'showChanged'
  /** The file is gone: keep the content, mark the tab; a save recreates it. */
  | 'showDeleted'
  /** The disk holds the document's own version again: drop the marks. */
  | 'clear';

export type SaveDecision = 'write' | 'ask';

export function initialDiskState(base: string, dirty = false): DiskState {
  return { base, status: 'inSync', dirty };
}

/** A disk event (create, change, delete) was observed: the new state and what to do. */
export function reactToDisk(state: DiskState, disk: DiskObservation): { state: DiskState; reaction: DiskReaction } {
  if (!disk.exists) {
    if (state.status === 'deleted') return { state, reaction: 'none' };
    return { state: { ...state, status: 'deleted', seen: undefined, keptOver: undefined }, reaction: 'showDeleted' };
  }
  if (disk.version === state.base) {
    if (state.status === 'inSync') return { state, reaction: 'none' };
    return { state: { ...state, status: 'inSync', seen: undefined, keptOver: undefined }, reaction: 'clear' };
  }
  if (!state.dirty) return { state: { ...state, status: 'changed', seen: disk.version }, reaction: 'reload' };
  if (state.status === 'changed' && state.seen === disk.version) return { state, reaction: 'none' };
  return { state: { ...state, status: 'changed', seen: disk.version }, reaction: 'showChanged' };
}

/** The document was read from disk again (reload or revert), or saved: it is that version now. */
export function resynced(version: string): DiskState {
  return { base: version, status: 'inSync', dirty: false };
}

/**
 * The edits' dirty flag changed (edit, undo, redo). A document that becomes clean while the
 * file changed under it reloads, as a clean document would have at the change.
 */
export function dirtyChanged(state: DiskState, dirty: boolean): { state: DiskState; reaction: DiskReaction } {
  const next = { ...state, dirty };
  return { state: next, reaction: !dirty && state.dirty && state.status === 'changed' ? 'reload' : 'none' };
}

/** "Keep mine": the user keeps their edits over the version now on disk. */
export function keepMine(state: DiskState): DiskState {
  return state.status === 'changed' ? { ...state, keptOver: state.seen } : state;
}

/**
 * Before a save. `contentMatchesBase` is the content check: the disk's bytes under the edited
 * runs are still the ones the edits were made over (false when they differ).
 */
export function saveDecision(state: DiskState, disk: DiskObservation, contentMatchesBase = true): SaveDecision {
  if (!disk.exists) return 'write';
  if (disk.version === state.base && contentMatchesBase) return 'write';
  if (state.keptOver !== undefined && disk.version === state.keptOver) return 'write';
  return 'ask';
}
