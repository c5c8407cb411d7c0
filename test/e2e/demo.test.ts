/**
 * `npm run demo` end to end, as a newcomer runs it: from an empty tools cache (so Node 24 and
 * code-server are installed by the nested npm that `npm run` starts, the path a fresh machine
 * takes) it prints a progress line at least every 15 s, builds, writes the sample workspace into
 * its private folder, runs the CLI on it, packages and installs the extension into code-server
 * and prints the URL. That URL opens, at 1400 px, on the extension's walkthrough with no Chat
 * panel; animation-demo's wave plays on its column in the preview. Ctrl-C then stops VS Code and
 * removes everything the demo created (its folder, the workspace, code-server's sockets), and
 * leaves no process behind.
 *   EWZANIM_E2E_SCREENSHOTS=<folder>   saves demo-walkthrough.png and demo-wave-column.png there
 *   EWZANIM_DEMO_TEST_TOOLS=<folder>   a tools cache to use instead of an empty one (faster)
 */
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Frame, type Page } from 'playwright-core';
import { freePort } from './harness/codeServer';
import { quickOpen, REPO_ROOT, runCommand } from './harness';
import { BASE_CHROMIUM_ARGS, WEBGPU_CHROMIUM_ARGS } from './harness/withVSCode';

interface Line {
  at: number;
  text: string;
}

/** Saves a screenshot when EWZANIM_E2E_SCREENSHOTS names a folder. */
async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.EWZANIM_E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

/** The preview webview once it has loaded `clip`; its assets line ("wave.nczxanim: 3 bones ... mesh ..."). */
async function previewOf(page: Page, clip: string): Promise<{ frame: Frame; assets: string }> {
  for (let waited = 0; waited < 90_000; waited += 250) {
    for (const frame of page.frames()) {
      const assets = await frame
        .evaluate(() => {
          const app = (window as unknown as { ewzanimPreview?: { loads: number } }).ewzanimPreview;
          return app && app.loads > 0 ? (document.getElementById('assets')?.textContent ?? '') : undefined;
        })
        .catch(() => undefined);
      if (assets?.startsWith(`${clip}:`)) return { frame, assets };
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no preview of ${clip} within 90 s`);
}

test('npm run demo: progress every 15 s from an empty cache, the walkthrough first, the wave on its column, Ctrl-C removes what it made', { timeout: 1_500_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ewzanim-demo-test-'));
  const tools = process.env.EWZANIM_DEMO_TEST_TOOLS ?? join(dir, 'tools');
  const port = await freePort();
  const started = Date.now();
  // The environment is inherited on purpose: under `npm test` it carries the outer npm's
  // npm_config_* variables, which the nested installs must not be affected by. detached: its
  // own process group, which gets the Ctrl-C (SIGINT) as a terminal would send it.
  const demo = spawn('npm', ['run', 'demo'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EWZANIM_TOOLS_CACHE: tools, EWZANIM_DEMO_PORT: String(port), TMPDIR: dir },
  });
  const exited = new Promise<number | null>((resolve) => demo.on('exit', (code) => resolve(code)));
  const lines: Line[] = [];
  let stderr = '';
  demo.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const urlPattern = new RegExp(`http://127\\.0\\.0\\.1:${port}/\\?folder=(\\S+)`);
  const url = new Promise<string>((resolve) => {
    createInterface({ input: demo.stdout }).on('line', (text) => {
      lines.push({ at: Date.now(), text });
      if (urlPattern.test(text)) resolve(text.trim());
    });
  });
  const transcript = (): string => `${lines.map((l) => l.text).join('\n').slice(-4000)}\n--- stderr ---\n${stderr.slice(-2000)}`;
  try {
    const served = await Promise.race([url, exited.then((code) => Promise.reject(new Error(`the demo exited (${code}) before printing the URL`)))]).catch((error: Error) => {
      throw new Error(`${error.message}\n${transcript()}`);
    });
    // Progress: never 15 s without a line, from the start to the URL.
    const times = [started, ...lines.map((l) => l.at)];
    const gaps = times.slice(1).map((t, i) => [t - times[i], i] as const);
    const [longest, after] = gaps.reduce((a, b) => (b[0] > a[0] ? b : a));
    assert.ok(longest < 15_000, `${longest} ms without output after "${lines[after - 1]?.text ?? '(start)'}"\n${transcript()}`);
    assert.ok(existsSync(join(tools, 'code-server-4.139.1', '.installed')), 'code-server is in the tools cache');
    assert.ok(lines.some((l) => /^\[\d+:\d\d\] started VS Code \(\d+ s\)$/.test(l.text)), 'one line per step, with the elapsed time');
    assert.ok(lines.some((l) => l.text.startsWith('$ npx --no-install ewzanim check ')), 'the CLI part ran');

    const privateDir = /its files: (\S+), removed when it stops/.exec(lines.map((l) => l.text).join('\n'))?.[1];
    assert.ok(privateDir?.startsWith(join(dir, 'ewzanim-demo.')), `a private folder under TMPDIR: ${privateDir}`);
    const pack = urlPattern.exec(served)![1];
    assert.equal(pack, join(privateDir!, 'sample-pack'), 'the workspace is in the private folder');
    assert.ok(existsSync(join(pack, 'animation-demo', 'assets', 'column.nczxmesh')));

    const browser = await chromium.launch({ executablePath: process.env.EWZANIM_CHROMIUM ?? '/usr/bin/chromium', args: [...BASE_CHROMIUM_ARGS, ...WEBGPU_CHROMIUM_ARGS] });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
      await page.goto(served);
      await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 60_000 });
      // The first screen: the walkthrough, open by itself (the only editor), with its four steps.
      const tabs = page.locator('.editor-group-container .tab');
      const walkthrough = page.locator('.gettingStartedContainer');
      // The steps show only on the walkthrough's own page (not in the Welcome page's list).
      await walkthrough.getByText('A problem to its bytes', { exact: true }).waitFor({ timeout: 60_000 });
      for (const step of ['Hover a quaternion', 'The preview and the mixer', 'Export from glTF']) {
        await walkthrough.getByText(step, { exact: true }).waitFor({ timeout: 10_000 });
      }
      await page.waitForTimeout(7000); // the extension's last ask (6 s after activation)
      assert.equal(await walkthrough.getByText('A problem to its bytes', { exact: true }).isVisible(), true, 'still the walkthrough');
      const tabLabels = await tabs.allInnerTexts();
      assert.equal(tabLabels.length, 1, `the walkthrough is the only editor: ${JSON.stringify(tabLabels)}`);
      assert.doesNotMatch(tabLabels[0], /Setup VS Code/, 'its tab is not titled after the workbench\'s own walkthrough');
      assert.equal(await page.locator('.part.auxiliarybar').isVisible(), false, 'no Chat panel (secondary side bar)');
      await page.waitForTimeout(1000);
      await screenshot(page, 'demo-walkthrough');

      // animation-demo's wave on its column (linked by the manifest, raw mode as in the game).
      await quickOpen(page, 'wave.nczxanim');
      await page.waitForTimeout(2000);
      await runCommand(page, 'Nethercore ZX: Open Preview to the Side');
      const { frame, assets } = await previewOf(page, 'wave.nczxanim');
      assert.match(assets, /column\.nczxmesh/);
      assert.match(assets, /raw mode/);
      await frame.click('#play').catch(() => undefined);
      await page.waitForTimeout(1500);
      await screenshot(page, 'demo-wave-column');
    } finally {
      await browser.close();
    }

    // Ctrl-C: the whole foreground group gets SIGINT, as from a terminal.
    process.kill(-demo.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000))]);
    assert.notEqual(code, 'hung', `the demo stopped within 30 s of Ctrl-C\n${transcript()}`);
    assert.equal(existsSync(privateDir!), false, 'its private folder (workspace, VS Code profile, logs) was removed');
    assert.deepEqual(readdirSync(dir).filter((name) => name !== 'tools'), [], 'nothing else left in TMPDIR (no vscode-ipc-*.sock)');
    const left = spawnSync('pgrep', ['-f', privateDir!], { encoding: 'utf8' });
    assert.equal(left.stdout.trim(), '', 'no code-server, extension host or language server left');
  } finally {
    try {
      process.kill(-demo.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
