/**
 * A command's standard output written to a file as it comes (never held whole), through a
 * temporary file renamed over the target once the command succeeded (`writeFileAtomically`): a
 * reader of the target never sees it half written, and a failure leaves it as it was.
 */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PassThrough } from 'node:stream';
import { writeFileAtomically } from './atomicWrite';

/** Why the command failed: its standard error, else its exit code. */
export class CommandFailed extends Error {}

export async function writeCommandOutput(command: string, args: string[], cwd: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const child = spawn(command, args, { cwd, windowsHide: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  exited.catch(() => undefined);
  // Read from the start: Node resumes (and so drops) a child's output nobody reads yet when it exits.
  const stdout = child.stdout.pipe(new PassThrough());
  async function* output(): AsyncIterable<Uint8Array> {
    for await (const chunk of stdout) yield chunk as Buffer;
    const code = await exited;
    if (code !== 0) throw new CommandFailed(Buffer.concat(stderr).toString('utf8').trim() || `${command} exited with ${code}`);
  }
  await writeFileAtomically(target, output());
}
