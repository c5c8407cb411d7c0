import * as vscode from 'vscode';
import type { CheckStatusParams } from '../../protocol/serverStatus';
import { STARTING_TEXT, STARTING_TOOLTIP, statusText, statusTooltip } from './statusText';

/**
 * Shows the workspace check's progress and totals; clicking it opens the Problems panel. It is
 * visible from activation on ("checking files"), while the server starts and walks the
 * workspace, so the first check is never invisible.
 */
export class CheckStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('ewzanim.checkStatus', vscode.StatusBarAlignment.Left, 10);

  constructor() {
    this.item.name = 'Nethercore ZX Checks';
    this.item.command = 'workbench.actions.view.problems';
    this.item.text = STARTING_TEXT;
    this.item.tooltip = STARTING_TOOLTIP;
    this.item.show();
  }

  update(status: CheckStatusParams): void {
    this.item.text = statusText(status);
    this.item.tooltip = statusTooltip(status);
    this.item.show();
  }

  showStopped(): void {
    this.item.text = '$(debug-disconnect) ZX: server stopped';
    this.item.tooltip = 'The Nethercore ZX language server is not running. Click to restart it.';
    this.item.command = 'ewzanim.restartServer';
    this.item.show();
  }

  showRunning(): void {
    this.item.command = 'workbench.actions.view.problems';
  }

  dispose(): void {
    this.item.dispose();
  }
}
