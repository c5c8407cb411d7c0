/**
 * Command "Open MSH Preview" (`ewzanim.openMshPreview`): one panel per NRes file, from the
 * Explorer, the command palette (the active file, else a picked one) or a test.
 */
import * as vscode from 'vscode';
import { kindOfPath, MSH_OPTIONAL_EXTENSIONS } from '../../../formats/fileKinds';
import { kindOptions } from '../kindOptions';
import { workspaceSettings } from '../settings';
import { MshPreviewPanel } from './mshPreviewPanel';

export function registerMshPreview(context: vscode.ExtensionContext): void {
  const panels = new Map<string, MshPreviewPanel>();
  context.subscriptions.push(
    { dispose: () => { for (const p of panels.values()) p.dispose(); } },
    vscode.commands.registerCommand('ewzanim.openMshPreview', async (arg?: vscode.Uri): Promise<MshPreviewPanel | undefined> => {
      const uri = arg instanceof vscode.Uri ? arg : (await activeModel()) ?? (await pickModel());
      if (!uri) return undefined;
      const open = panels.get(uri.toString());
      if (open) {
        open.panel.reveal(undefined, true);
        return open;
      }
      const panel = new MshPreviewPanel(context, uri, () => panels.delete(uri.toString()));
      panels.set(uri.toString(), panel);
      return panel;
    }),
  );
}

async function activeModel(): Promise<vscode.Uri | undefined> {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText ? input.uri : undefined;
  return uri && kindOfPath(uri.path, kindOptions())?.kind === 'msh' ? uri : undefined;
}

async function pickModel(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: 'Open MSH Preview', filters: { 'MSH models': mshDialogExtensions() } });
  return picked?.[0];
}

/** The user's MSH extensions and the generic NRes ones (a model under any name previews by its magic). */
function mshDialogExtensions(): string[] {
  return [...new Set([...workspaceSettings().mshExtensions, ...MSH_OPTIONAL_EXTENSIONS])].map((ext) => ext.slice(1));
}
