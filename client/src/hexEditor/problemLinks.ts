/**
 * VS Code opens a custom editor from the Problems panel without the problem's position (the
 * selection is dropped for custom editors), so binary problems of clips, skeletons and MSH
 * (NRes) files get a clickable code instead: `anim/non-finite` in the Problems row runs
 * `ewzanim.hexEditor.revealBytes`, which opens the hex editor on the problem's bytes, and the
 * message ends by saying so. The byte range comes from the diagnostic's `data.byteRange`, as the
 * language server publishes it. (A click on the row itself opens the editor on the file's first
 * problem; F8 and Shift+F8 step from there.)
 */
import * as vscode from 'vscode';
import { kindOfPath } from '../../../formats/fileKinds';
import { kindOptions } from '../kindOptions';
import { messageWithJumpHint } from './jumpHint';

export const REVEAL_BYTES_COMMAND = 'ewzanim.hexEditor.revealBytes';
export const NEXT_PROBLEM_COMMAND = 'ewzanim.hexEditor.nextProblem';
export const PREVIOUS_PROBLEM_COMMAND = 'ewzanim.hexEditor.previousProblem';

export interface RevealBytesArgs {
  uri: string;
  start: number;
  end: number;
}

function byteRangeOf(diagnostic: vscode.Diagnostic): { start: number; end: number } | undefined {
  const data = (diagnostic as vscode.Diagnostic & { data?: { byteRange?: unknown } }).data;
  const range = data?.byteRange as { start?: unknown; end?: unknown } | undefined;
  return typeof range?.start === 'number' && typeof range.end === 'number' ? { start: range.start, end: range.end } : undefined;
}

/** The command URI a problem's code links to. */
export function revealBytesUri(args: RevealBytesArgs): vscode.Uri {
  return vscode.Uri.parse(`command:${REVEAL_BYTES_COMMAND}?${encodeURIComponent(JSON.stringify([args]))}`);
}

/** Links the code of every binary problem of a clip, skeleton or NRes file to its bytes in the hex editor. */
export function linkProblemsToBytes(uri: vscode.Uri, diagnostics: vscode.Diagnostic[]): vscode.Diagnostic[] {
  const kind = kindOfPath(uri.path, kindOptions())?.kind;
  if (kind !== 'clip' && kind !== 'skeleton' && kind !== 'msh') return diagnostics;
  for (const diagnostic of diagnostics) {
    const range = byteRangeOf(diagnostic);
    const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
    if (!range || code === undefined) continue;
    diagnostic.code = { value: code, target: revealBytesUri({ uri: uri.toString(), ...range }) };
    diagnostic.message = messageWithJumpHint(diagnostic.message, range);
  }
  return diagnostics;
}
