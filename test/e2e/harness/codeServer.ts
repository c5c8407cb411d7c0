/** Starts and stops a hermetic code-server (VS Code server + web workbench) on a free port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { harnessTools } from './tools';

export interface CodeServerOptions {
  /** User settings (settings.json), merged over the harness defaults. */
  settings?: Record<string, unknown>;
  /** Extra environment for code-server and so for the extension host and language server. */
  env?: Record<string, string>;
}

export interface CodeServer {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Private folder: HOME, user data, extensions, logs. */
  dir: string;
  extensionsDir: string;
  /** Everything code-server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Settings that keep the workbench quiet and deterministic under test. */
const DEFAULT_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'window.commandCenter': false,
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs code-server's own CLI (e.g. `--install-extension x.vsix`) against an extensions folder. */
export async function runCodeServerCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { node24, codeServerEntry } = harnessTools();
  return new Promise((resolve, reject) => {
    const child = spawn(node24, [codeServerEntry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`code-server ${args.join(' ')} exited ${code}: ${out}`))));
  });
}

export function hermeticEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { node24 } = harnessTools();
  const env: NodeJS.ProcessEnv = {
    PATH: `${dirname(node24)}:${process.env.PATH ?? ''}`,
    HOME: join(dir, 'home'),
    XDG_CONFIG_HOME: join(dir, 'home', '.config'),
    XDG_DATA_HOME: join(dir, 'home', '.local', 'share'),
    XDG_CACHE_HOME: join(dir, 'home', '.cache'),
    TMPDIR: join(dir, 'tmp'),
    LANG: 'C.UTF-8',
    ...extra,
  };
  for (const key of ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'TMPDIR'] as const) {
    mkdirSync(env[key]!, { recursive: true });
  }
  return env;
}

export function makeServerDir(): { dir: string; extensionsDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-code-server-'));
  const extensionsDir = join(dir, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  return { dir, extensionsDir };
}

function waitForListening(child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start in ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const check = (): void => {
      if (/HTTP server listening/.test(output())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code} before listening:\n${output()}`));
    });
  });
}

/** Starts code-server; `prepared` lets a caller install extensions into the folder first. */
export async function startCodeServer(
  options: CodeServerOptions = {},
  prepared: { dir: string; extensionsDir: string } = makeServerDir(),
): Promise<CodeServer> {
  const { node24, codeServerEntry } = harnessTools();
  const { dir, extensionsDir } = prepared;
  const port = await freePort();
  const userDir = join(dir, 'user');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  writeFileSync(join(userDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...options.settings }, null, 2));
  const config = join(dir, 'config.yaml');
  writeFileSync(config, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    codeServerEntry,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--vscode-option', 'enable-smoke-test-driver',
    '--config', config,
    '--user-data-dir', userDir,
    '--extensions-dir', extensionsDir,
  ];
  const child = spawn(node24, args, { env: hermeticEnv(dir, options.env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  const output = (): string => text;
  await waitForListening(child, output, 60_000);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    dir,
    extensionsDir,
    output,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        // The process group: code-server, its extension hosts and their language servers.
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
