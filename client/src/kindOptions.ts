import type { KindOptions } from '../../formats/fileKinds';
import { workspaceSettings } from './settings';

/** The registry's options from the user's settings: the extensions read as MSH files (`ewzanim.msh.extensions`). */
export function kindOptions(): KindOptions {
  return { mshExtensions: workspaceSettings().mshExtensions };
}
