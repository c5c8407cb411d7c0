/** Where a worker bundle lies: beside the module that starts it, bundled `.js` or, under tsx, the `.ts` source. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `folder/<base>.js`, else `folder/<base>.ts`, else undefined (the caller then runs on its own thread). */
export function workerScriptIn(folder: string, base: string): string | undefined {
  for (const name of [`${base}.js`, `${base}.ts`]) {
    const path = join(folder, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}
