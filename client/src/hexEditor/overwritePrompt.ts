import * as vscode from 'vscode';
import { overwriteQuestion, type DiskChangeFacts } from './diskChange';
import type { OverwriteChoice } from './hexDocument';

/**
 * Asks, as VS Code's text editors do, before a save would overwrite a file that changed on disk
 * since it was read: a modal with Overwrite, Save As, Revert and (clips) Compare; Escape or
 * Cancel saves nothing.
 */
export async function askBeforeOverwrite(facts: DiskChangeFacts): Promise<OverwriteChoice> {
  const { message, detail } = overwriteQuestion(facts);
  const buttons: [string, Exclude<OverwriteChoice, undefined>][] = [
    ['Overwrite', 'overwrite'],
    ['Save As...', 'saveAs'],
    ['Revert', 'revert'],
  ];
  if (facts.kind === 'clip') buttons.push(['Compare', 'compare']);
  const picked = await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons.map(([title]) => title));
  return buttons.find(([title]) => title === picked)?.[1];
}
