import * as vscode from 'vscode';
import type { KindOptions } from '../../formats/fileKinds';

/** The registry's options from the user's settings: the extensions read as MSH files (`ewzanim.msh.extensions`). */
export function kindOptions(): KindOptions {
  return { mshExtensions: vscode.workspace.getConfiguration('ewzanim').get<string[]>('msh.extensions') };
}
