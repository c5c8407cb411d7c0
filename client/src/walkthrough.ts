/**
 * The extension's walkthrough (package.json `contributes.walkthroughs`). VS Code opens it by
 * itself when the extension is installed from its Extensions view; `npm run demo` installs it
 * from the command line before VS Code starts, so it asks for it with EWZANIM_OPEN_WALKTHROUGH=1
 * in the environment of the VS Code server, which the extension host inherits.
 */
import * as vscode from 'vscode';

export const WALKTHROUGH = 'gettingStarted';
/** When to ask for the walkthrough, in ms after activation (see openWalkthroughIfAsked). */
const ASK_AT_MS = [0, 2500, 6000];
/** The walkthrough's title (package.json), which its tab shows. */
const TITLE = 'Nethercore ZX Animation Tools';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The workbench's walkthrough tab: "Welcome" or "Walkthrough: <title>". */
function walkthroughTabActive(): boolean {
  const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
  return label === 'Welcome' || Boolean(label?.startsWith('Walkthrough'));
}

/**
 * Opens the walkthrough when the environment asks for it (the demo's first screen). The
 * workbench registers the extension's walkthroughs a moment after the extension activates, and
 * asked for one it does not know yet it shows its own first walkthrough instead (and keeps
 * showing it). So it asks again twice in the next seconds, as long as the walkthrough tab is
 * still the active one (never over an editor the user opened meanwhile).
 */
export async function openWalkthroughIfAsked(context: vscode.ExtensionContext, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.EWZANIM_OPEN_WALKTHROUGH !== '1') return;
  let now = 0;
  for (const at of ASK_AT_MS) {
    await sleep(at - now);
    now = at;
    if (at > 0 && !walkthroughTabActive()) return;
    // A tab that fell back to another walkthrough keeps that one's title: a fresh tab instead.
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (at > 0 && tab?.label.startsWith('Walkthrough') && !tab.label.includes(TITLE)) await vscode.window.tabGroups.close(tab);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH}`, false);
  }
}
