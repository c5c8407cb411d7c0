/** Helpers the suite files share: the extension's API and waiting for conditions. */
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../client/src/extension';

export const EXTENSION_ID = 'ewzanim-tools.ewzanim-tools';

export async function activeExtension(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed`);
  return extension.activate();
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function workspaceUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the e2e suite needs a workspace folder');
  return vscode.Uri.joinPath(folder.uri, relative);
}

/** LSP severities 1..4 are vscode.DiagnosticSeverity 0..3. */
export const SEVERITY: Record<number, vscode.DiagnosticSeverity> = {
  1: vscode.DiagnosticSeverity.Error,
  2: vscode.DiagnosticSeverity.Warning,
  3: vscode.DiagnosticSeverity.Information,
  4: vscode.DiagnosticSeverity.Hint,
};

/** A diagnostic's code as text (a code with a target is an object). */
export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}
