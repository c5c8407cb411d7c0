/**
 * The "Compare Clips" commands: two clips selected in the Explorer (`ewzanim.compareClips`),
 * one selected for compare then compared with another (`ewzanim.selectClipForCompare`,
 * `ewzanim.compareClipWithSelected`), a clip against its version at HEAD or in the index
 * (`ewzanim.compareClipWithHead`, `ewzanim.compareClipWithStaged`: Explorer, Source Control,
 * the editor title of VS Code's own diff). One diff panel per pair of sides.
 */
import * as vscode from 'vscode';
import { kindOfPath } from '../../../formats/fileKinds';
import { kindOptions } from '../kindOptions';
import type { ExtensionServices } from '../services';
import { fileByteSources } from './byteSources';
import { ClipDiffPanel } from './clipDiffPanel';
import { type ClipSide, fileSide } from './clipSides';
import type { GitBaselineRef, workingFileOf } from './gitBaseline';
import type { gitSide } from './gitSide';

/** The comparisons with git's versions (HEAD, staged): git runs as a process, so the desktop only. */
export interface ClipDiffGit {
  workingFileOf: typeof workingFileOf;
  side: typeof gitSide;
}

/** Set while a clip is selected for compare (the Explorer then offers "Compare Clip with Selected"). */
const SELECTED_CONTEXT_KEY = 'ewzanim.clipSelectedForCompare';

/** What the e2e tests reach through the commands' return value. */
export type CompareClipsResult = ClipDiffPanel | undefined;

const isClip = (uri: vscode.Uri): boolean => kindOfPath(uri.path, kindOptions())?.kind === 'clip';

/** A menu's argument: a Uri (Explorer, editor title), a Source Control resource state, or nothing (the active editor's file). */
function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'object' && arg !== null && 'resourceUri' in arg && arg.resourceUri instanceof vscode.Uri) return arg.resourceUri;
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}

/** The compared files are read through the client's file access (`services.files`): in pieces where it reads ranges. */
export function registerClipDiff(context: vscode.ExtensionContext, services: ExtensionServices, git?: ClipDiffGit): void {
  const openSource = fileByteSources(services.files);
  const panels = new Map<string, ClipDiffPanel>();
  let selectedForCompare: vscode.Uri | undefined;

  function show(a: ClipSide, b: ClipSide): ClipDiffPanel {
    const key = `${a.label}\n${b.label}`;
    const open = panels.get(key);
    if (open) {
      open.reveal();
      void open.compare();
      return open;
    }
    const panel = new ClipDiffPanel(context, services, a, b, () => panels.delete(key));
    panels.set(key, panel);
    return panel;
  }

  function compareFiles(a: vscode.Uri | undefined, b: vscode.Uri | undefined): CompareClipsResult {
    if (!a || !b || !isClip(a) || !isClip(b)) {
      void vscode.window.showInformationMessage('Select two clips (.nczxanim or .ewzanim) in the Explorer, then run "Compare Clips".');
      return undefined;
    }
    return show(fileSide(a, openSource), fileSide(b, openSource));
  }

  function compareWithGit(git: ClipDiffGit, arg: unknown, ref: GitBaselineRef): CompareClipsResult {
    const uri = uriOf(arg);
    if (!uri) {
      void vscode.window.showInformationMessage('Open or select a clip (.nczxanim or .ewzanim) in a git repository first.');
      return undefined;
    }
    // The left side of VS Code's own diff is a git: URI of the working file at HEAD or staged.
    const { file, ref: shownRef } = git.workingFileOf(uri);
    if (!isClip(file)) {
      void vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(file)} is not a clip (.nczxanim or .ewzanim).`);
      return undefined;
    }
    return show(git.side(file, shownRef ?? ref, context.globalStorageUri, openSource), fileSide(file, openSource));
  }

  context.subscriptions.push(
    { dispose: () => { for (const p of panels.values()) p.panel.dispose(); } },
    vscode.commands.registerCommand('ewzanim.compareClips', (arg?: vscode.Uri, selected?: vscode.Uri[]): CompareClipsResult => {
      const pair = selected && selected.length === 2 ? selected : [selectedForCompare, arg instanceof vscode.Uri ? arg : undefined];
      return compareFiles(pair[0], pair[1]);
    }),
    vscode.commands.registerCommand('ewzanim.selectClipForCompare', async (arg?: vscode.Uri): Promise<void> => {
      selectedForCompare = uriOf(arg);
      await vscode.commands.executeCommand('setContext', SELECTED_CONTEXT_KEY, Boolean(selectedForCompare));
    }),
    vscode.commands.registerCommand('ewzanim.compareClipWithSelected', (arg?: vscode.Uri): CompareClipsResult => compareFiles(selectedForCompare, uriOf(arg))),
  );
  if (!git) return;
  context.subscriptions.push(
    vscode.commands.registerCommand('ewzanim.compareClipWithHead', (arg?: unknown): CompareClipsResult => compareWithGit(git, arg, 'HEAD')),
    vscode.commands.registerCommand('ewzanim.compareClipWithStaged', (arg?: unknown): CompareClipsResult => compareWithGit(git, arg, 'staged')),
  );
}
