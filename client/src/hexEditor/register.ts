import * as vscode from 'vscode';
import { parseFrameBone, parseOffset, type GoToResult } from '../../../formats/editing/goTo';
import type { RowLayout } from '../../../formats/editing/rowLayout';
import type { ExtensionServices } from '../services';
import { HEX_EDITOR_VIEW_TYPE, HexEditorProvider } from './hexEditorProvider';
import { NEXT_PROBLEM_COMMAND, PREVIOUS_PROBLEM_COMMAND, REVEAL_BYTES_COMMAND, type RevealBytesArgs } from './problemLinks';

/** Registers the annotated hex editor and its Go to, Find and reveal commands. */
export function registerHexEditor(context: vscode.ExtensionContext, services: ExtensionServices): void {
  const provider = new HexEditorProvider(context.extensionUri, services);
  context.subscriptions.push(
    vscode.window.registerCustomEditorProvider(HEX_EDITOR_VIEW_TYPE, provider, {
      webviewOptions: { retainContextWhenHidden: false },
      supportsMultipleEditorsPerDocument: false,
    }),
    vscode.commands.registerCommand('ewzanim.hexEditor.goToFrameBone', (text?: string) =>
      goTo(provider, text, (layout) => (layout.kind === 'msh' ? 'Node, key or map word, e.g. "node 3", "key 17", "map 40"' : 'Frame and bone, e.g. "12 3"'), parseFrameBone),
    ),
    vscode.commands.registerCommand('ewzanim.hexEditor.goToOffset', (text?: string) =>
      goTo(provider, text, () => 'Byte offset, decimal or 0x hex', (t, layout) => parseOffset(t, layout.size)),
    ),
    // The Problems panel's code links (problemLinks.ts): open the file's hex editor on the bytes.
    vscode.commands.registerCommand(REVEAL_BYTES_COMMAND, (args: RevealBytesArgs) => provider.revealBytes(vscode.Uri.parse(args.uri), args.start, args.end)),
    vscode.commands.registerCommand('ewzanim.hexEditor.find', () => provider.activePanel?.command('find')),
    vscode.commands.registerCommand('ewzanim.hexEditor.findNext', () => provider.activePanel?.command('findNext')),
    vscode.commands.registerCommand('ewzanim.hexEditor.findPrevious', () => provider.activePanel?.command('findPrevious')),
    // F8 / Shift+F8 in the hex editor (the workbench's own go to the next problem works in text editors only).
    vscode.commands.registerCommand(NEXT_PROBLEM_COMMAND, () => provider.activePanel?.stepProblem(1)),
    vscode.commands.registerCommand(PREVIOUS_PROBLEM_COMMAND, () => provider.activePanel?.stepProblem(-1)),
  );
}

/**
 * Asks for a place (validated as the user types) and scrolls the active hex editor there.
 * Tests and other commands may pass the text directly. Returns the offset gone to.
 */
async function goTo(
  provider: HexEditorProvider,
  text: string | undefined,
  prompt: (layout: RowLayout) => string,
  parse: (text: string, layout: RowLayout) => GoToResult,
): Promise<number | undefined> {
  const panel = provider.activePanel;
  if (!panel) {
    void vscode.window.showInformationMessage('Open a clip, skeleton or MSH file in the Annotated Hex editor first.');
    return undefined;
  }
  const { layout } = await panel.document.info();
  // ignoreFocusOut: run from the command palette, the box opens while VS Code gives the keyboard
  // focus back to the hex editor's webview, which completes asynchronously (late on a busy
  // machine) and would close a box that closes when it loses the focus. It stays open; a click
  // puts the focus back in it, Escape closes it.
  const answer =
    text ??
    (await vscode.window.showInputBox({ prompt: prompt(layout), validateInput: (value) => parse(value, layout).error ?? null, ignoreFocusOut: true }));
  if (answer === undefined) return undefined;
  const result = parse(answer, layout);
  if (result.error !== undefined) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  panel.reveal(result.offset);
  return result.offset;
}
