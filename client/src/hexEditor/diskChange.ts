/**
 * The words for a file that changed on disk under an open hex document: the banner, the tab's
 * mark and the question before a save would overwrite it. Pure (no VS Code), so the wording is
 * tested with the disk-state machine.
 */
import { formatThousands } from '../../../formats/numberText';
import type { DiskNotice, HexKind } from '../../../protocol/hexEditor';

export interface FileFacts {
  size: number;
  mtimeMs: number;
}

export interface DiskChangeFacts {
  fileName: string;
  kind: HexKind;
  /** The version the document was read from. */
  before?: FileFacts;
  /** What is on disk now (undefined: nothing). */
  now?: FileFacts;
  /** Unsaved edited bytes. */
  editedBytes: number;
}

/** `14:02:09` in local time. */
export function clockTime(ms: number): string {
  return new Date(ms).toTimeString().slice(0, 8);
}

const bytes = (n: number): string => `${formatThousands(n)} byte${n === 1 ? '' : 's'}`;

function sizeChange(facts: DiskChangeFacts): string {
  const { before, now } = facts;
  if (!before || !now) return '';
  return before.size === now.size ? `, still ${bytes(now.size)}` : `, ${bytes(before.size)} → ${bytes(now.size)}`;
}

function whenChanged(facts: DiskChangeFacts): string {
  return facts.now ? ` at ${clockTime(facts.now.mtimeMs)}` : '';
}

function edits(facts: DiskChangeFacts): string {
  return facts.editedBytes > 0 ? `your ${bytes(facts.editedBytes)} of unsaved edits` : 'your unsaved changes';
}

/** The banner (and tab mark) for each disk status. */
export function describeDiskChange(status: DiskNotice['status'], facts: DiskChangeFacts): DiskNotice {
  const name = facts.fileName;
  switch (status) {
    case 'changed':
      return {
        status,
        tabMark: 'changed on disk',
        message: `${name} changed on disk${whenChanged(facts)}${sizeChange(facts)}, while you have ${edits(facts)}. The editor still shows your version; saving will ask before overwriting the file.`,
        actions: ['reload', 'keepMine'],
      };
    case 'rewritten':
      return {
        status,
        tabMark: 'changed on disk',
        message: `${name} was rewritten in place on disk${whenChanged(facts)}${sizeChange(facts)}, while you have ${edits(facts)}. Its old bytes are gone: the editor now shows the new file with your edited bytes over it; saving will ask before overwriting the file.`,
        actions: ['reload', 'keepMine'],
      };
    case 'kept':
      return {
        status,
        tabMark: 'changed on disk',
        message: `Keeping your edits: saving will overwrite the version of ${name} written${whenChanged(facts)} (it asks again if the file changes once more).`,
        actions: ['reload'],
      };
    case 'deleted':
      return {
        status,
        tabMark: 'deleted',
        message: `${name} was deleted from disk. Its content stays open here; Save writes it back.`,
        actions: [],
      };
  }
}

/** The modal question before a save would overwrite a file that changed since it was read. */
export function overwriteQuestion(facts: DiskChangeFacts): { message: string; detail: string } {
  const before = facts.before ? `${bytes(facts.before.size)}, written at ${clockTime(facts.before.mtimeMs)}` : 'unknown';
  const now = facts.now ? `${bytes(facts.now.size)}, written at ${clockTime(facts.now.mtimeMs)}` : 'missing';
  return {
    message: `${facts.fileName} has changed on disk since you opened it. Overwrite it with your version?`,
    detail:
      `Your edits were made on the version of ${before}. On disk now: ${now}. ` +
      'Overwrite replaces the file on disk with what this editor shows; Save As keeps both; Revert drops your edits and loads the file from disk' +
      (facts.kind !== 'skeleton' ? '; Compare opens the file on disk as a keyframe listing.' : '.'),
  };
}
