/**
 * `withVSCode`: a real VS Code (code-server + headless Chromium through playwright-core) with
 * this extension on a workspace; optionally runs the in-extension-host mocha suite
 * (dist/test/e2e/index.js) and returns its counts. Node-side tests use `page` to drive the
 * workbench and reach into webviews with `page.frames()`.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCodeServer, type CodeServer, type CodeServerOptions, makeServerDir } from './codeServer';
import { buildExtensionOnce, REPO_ROOT } from './tools';
import { installVsix } from './vsix';

/** Flags that give headless Chromium a WebGPU adapter on SwiftShader (see docs/vscode-testing.md). */
export const WEBGPU_CHROMIUM_ARGS: readonly string[] = [
  '--enable-unsafe-webgpu',
  '--use-angle=swiftshader',
  '--use-gl=angle',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
];

export const BASE_CHROMIUM_ARGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface SuiteResult {
  /** 0 when the suite's run() resolved, 1 when it threw or tests failed. */
  exitCode: number;
  passed: number;
  failed: number;
  /** Full titles and messages of failed tests. */
  failures: { title: string; message: string }[];
  /** Titles of passed tests. */
  passes: string[];
}

export interface VSCodeOptions extends CodeServerOptions {
  /** Absolute path of the folder to open. */
  workspace: string;
  /**
   * Run the mocha suite in the extension host. `grep` selects tests by title (mocha grep);
   * the result is in `vscode.suite` once `waitForSuite()` resolves.
   */
  suite?: boolean | { grep?: string };
  /**
   * Install this packaged extension (.vsix) instead of loading the repository as the
   * development extension. The suite still comes from dist/test/e2e/index.js.
   */
  vsix?: string;
  /** Give the browser a WebGPU adapter (SwiftShader). */
  webgpu?: boolean;
  /** Overall limit for the suite; default 240 s. */
  timeoutMs?: number;
  /** Browser window size; default 1400 x 900. */
  viewport?: { width: number; height: number };
}

export interface VSCodeSession {
  page: Page;
  browser: Browser;
  server: CodeServer;
  /** Every line the extension host and the workbench logged (console), in order. */
  log: string[];
  /** Resolves when the suite finishes (only with `suite`). */
  waitForSuite(): Promise<SuiteResult>;
  /** Waits until the workbench has loaded the workspace. */
  waitForWorkbench(): Promise<void>;
}

const RESULT_PREFIX = 'EWZANIM_E2E_RESULT ';

function remoteUri(server: CodeServer, path: string): string {
  return `vscode-remote://127.0.0.1:${server.port}${path}`;
}

/**
 * VS Code runs `extensionTestsPath` only in an extension development host. To test an installed
 * .vsix, the development extension is an empty placeholder, so the installed copy is the one
 * that loads.
 */
function placeholderDevelopmentExtension(dir: string): string {
  const path = join(dir, 'e2e-runner-extension');
  mkdirSync(path, { recursive: true });
  const manifest = { name: 'ewzanim-e2e-runner', publisher: 'ewzanim-tools', version: '0.0.0', engines: { vscode: '*' } };
  writeFileSync(join(path, 'package.json'), JSON.stringify(manifest));
  return path;
}

function workbenchUrl(server: CodeServer, options: VSCodeOptions): string {
  const payload: [string, string][] = [['skipWelcome', 'true']];
  const developmentPath = options.vsix ? placeholderDevelopmentExtension(server.dir) : REPO_ROOT;
  payload.push(['extensionDevelopmentPath', remoteUri(server, developmentPath)]);
  if (options.suite) payload.push(['extensionTestsPath', remoteUri(server, join(REPO_ROOT, 'dist', 'test', 'e2e', 'index.js'))]);
  const query = new URLSearchParams({ folder: options.workspace, payload: JSON.stringify(payload) });
  return `${server.origin}/?${query.toString()}`;
}

export async function withVSCode<T>(options: VSCodeOptions, body: (session: VSCodeSession) => Promise<T>): Promise<T> {
  buildExtensionOnce();
  const prepared = makeServerDir();
  if (options.vsix) await installVsix(options.vsix, prepared);
  const env: Record<string, string> = { ...options.env };
  if (typeof options.suite === 'object' && options.suite.grep) env.EWZANIM_E2E_GREP = options.suite.grep;
  const server = await startCodeServer({ ...options, env }, prepared);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium',
      args: [...BASE_CHROMIUM_ARGS, ...(options.webgpu ? WEBGPU_CHROMIUM_ARGS : [])],
    });
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    const page = await context.newPage();
    const log: string[] = [];
    let suiteResult: SuiteResult | undefined;
    let resolveExit: (code: number) => void = () => {};
    const exited = new Promise<number>((resolve) => (resolveExit = resolve));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const line = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      if (line.startsWith(RESULT_PREFIX)) suiteResult = JSON.parse(line.slice(RESULT_PREFIX.length)) as SuiteResult;
      log.push(`[${type}] ${line}`);
      if (process.env.EWZANIM_E2E_VERBOSE === '1') console.log(`[ext host ${type}] ${line}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    page.on('console', (message) => log.push(`[browser ${message.type()}] ${message.text()}`));
    await page.goto(workbenchUrl(server, options));
    const timeoutMs = options.timeoutMs ?? 240_000;
    const session: VSCodeSession = {
      page,
      browser,
      server,
      log,
      waitForWorkbench: async () => {
        await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 60_000 });
      },
      waitForSuite: async () => {
        if (!options.suite) throw new Error('withVSCode: waitForSuite() needs the `suite` option');
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`suite did not finish in ${timeoutMs} ms; last log:\n${log.slice(-40).join('\n')}`)),
            timeoutMs,
          );
        });
        const exitCode = await Promise.race([exited, timeout]).finally(() => clearTimeout(timer));
        return suiteResult ?? { exitCode, passed: 0, failed: 0, failures: [{ title: 'suite', message: `no result line; exit ${exitCode}` }], passes: [] };
      },
    };
    return await body(session);
  } finally {
    await browser?.close().catch(() => undefined);
    await server.stop();
  }
}
