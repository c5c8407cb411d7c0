/** `ewzanim check` run in-process for the pool tests: its exit status, stdout and stderr as one text. */
import { checkCommand } from '../../../cli/checkCommand';
import type { CliIo } from '../../../cli/io';
import type { FileAccess } from '../../../formats/fileAccess';
import type { WorkerCheckPool } from '../../../node/checkPool';
import { nodeFileAccess } from '../../../node/fileAccess';
import { REPO } from '../cli/cliHarness';

/** Runs `check` on `paths` (on `pool` where given) and captures the exit status, stdout and stderr. */
export async function checkOutput(access: FileAccess, paths: string[], format: 'text' | 'json' | 'sarif' | 'github', pool?: WorkerCheckPool): Promise<string> {
  let out = '';
  let err = '';
  const io: CliIo = { access, out: (t) => void (out += t), err: (t) => void (err += t) };
  const status = await checkCommand(io, paths, format, 100, REPO, { pool });
  return `${status}\n${out}\n${err}`;
}

/** Node's file access under another identity: `check` then starts no pool of its own. */
export const singleThread: FileAccess = { ...nodeFileAccess };
