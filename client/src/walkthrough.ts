/**
 * The extension's walkthrough (package.json `contributes.walkthroughs`). VS Code opens it by
 * itself when the extension is installed from its Extensions view; `npm run demo` installs it
 * from the command line before VS Code starts, so it asks for it with EWZANIM_OPEN_WALKTHROUGH=1
 * in the environment of the VS Code server, which the extension host inherits.
 */
import * as vscode from 'vscode';

export const WALKTHROUGH = 'gettingStarted';

/** Opens the walkthrough when the environment asks for it (the demo's first screen). */
export function openWalkthroughIfAsked(context: vscode.ExtensionContext, env: NodeJS.ProcessEnv = process.env): void {
  if (env.EWZANIM_OPEN_WALKTHROUGH !== '1') return;
  void vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH}`, false);
}
