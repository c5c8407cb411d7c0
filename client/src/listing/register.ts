import type * as vscode from 'vscode';
import type { ExtensionServices } from '../services';

/** Placeholder so the extension builds; its owner replaces it. */
export function registerListing(_context: vscode.ExtensionContext, _services: ExtensionServices): void {}
