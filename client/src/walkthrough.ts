/**
 * The extension's walkthrough (package.json `contributes.walkthroughs`). VS Code opens it by
 * itself when the extension is installed from its Extensions view; `npm run demo` installs it
 * from the command line before VS Code starts, so it asks for it with EWZANIM_OPEN_WALKTHROUGH=1
 * in the environment of the VS Code server, which the extension host inherits.
 */
import * as vscode from 'vscode';

export const WALKTHROUGH = 'gettingStarted';
/** The walkthrough's title (package.json), which its editor tab shows. */
const TITLE = 'Nethercore ZX Animation Tools';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the walkthrough when the environment asks for it (the demo's first screen). The
 * workbench registers the extension's walkthroughs a moment after the extension activates, and
 * asked for one it does not know yet it shows its own first walkthrough instead: that tab is
 * closed and ours asked for again, once a second, until its tab shows (for at most 20 s).
 */
export async function openWalkthroughIfAsked(context: vscode.ExtensionContext, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.EWZANIM_OPEN_WALKTHROUGH !== '1') return;
  for (let attempt = 0; attempt < 20; attempt++) {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH}`, false);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (!tab || tab.label.includes(TITLE)) return;
    if (tab.label.startsWith('Walkthrough')) await vscode.window.tabGroups.close(tab);
    await sleep(1000);
  }
}
