/**
 * The editor snippets of docs/language-server.md: the Lua ones parse in Neovim, the Helix one is valid TOML, and
 * Neovim itself (headless, its built-in LSP client) runs `ewzanim lsp --stdio` on an upstream
 * pack and receives the manifest's diagnostics. `npm test` installs Neovim (scripts/ensure-deps.sh);
 * run alone, these tests are skipped where `nvim` is missing, except in CI, where that fails.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTOML } from 'toml-eslint-parser';

const REPO = join(__dirname, '..', '..', '..');
const CLI_BUNDLE = join(REPO, 'dist', 'cli', 'ewzanim.js');
const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0 || process.env.CI === 'true';
const PAGE = readFileSync(join(REPO, 'docs', 'language-server.md'), 'utf8');

/** The fenced code blocks of the page's "Other editors" section (up to the next `## ` heading), by language. */
function snippets(language: string): string[] {
  const start = PAGE.indexOf('\n## Other editors');
  assert.ok(start >= 0, 'docs/language-server.md has an "Other editors" section');
  const end = PAGE.indexOf('\n## ', start + 1);
  const section = PAGE.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

test('the Helix snippet is valid TOML that names the server command', () => {
  const [helix] = snippets('toml');
  assert.ok(helix);
  const ast = parseTOML(helix, { tomlVersion: '1.0' });
  assert.ok(ast.body.length > 0);
  assert.match(helix, /args = \["lsp", "--stdio"\]/);
});

test('the Lua snippets parse in Neovim', { skip: NVIM ? false : 'nvim is not installed' }, () => {
  const lua = snippets('lua');
  assert.equal(lua.length, 2);
  const folder = mkdtempSync(join(tmpdir(), 'ewzanim-nvim-snippets-'));
  try {
    lua.forEach((code, i) => {
      const file = join(folder, `snippet${i}.lua`);
      writeFileSync(file, code);
      const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-c', `lua assert(loadfile('${file}'))`, '-c', 'qa!'], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(run.status, 0, `snippet ${i}: ${run.stderr}`);
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('Neovim headless, its own LSP client on `ewzanim lsp --stdio`: the manifest\'s diagnostics arrive', { skip: NVIM ? false : 'nvim is not installed' }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'ewzanim-nvim-'));
  try {
    const pack = join(folder, 'animation-demo');
    cpSync(join(REPO, 'test', 'fixtures', 'upstream', 'animation-demo'), pack, { recursive: true });
    const out = join(folder, 'diagnostics.txt');
    const init = join(folder, 'init.lua');
    writeFileSync(init, `
local client = vim.lsp.start_client({ name = 'ewzanim', cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(CLI_BUNDLE)}, 'lsp', '--stdio' }, root_dir = ${JSON.stringify(pack)} })
vim.cmd('edit ' .. ${JSON.stringify(join(pack, 'nether.toml'))})
vim.lsp.buf_attach_client(0, client)
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(lines, d.lnum .. ' ' .. d.message) end
vim.fn.writefile(lines, ${JSON.stringify(out)})
vim.lsp.stop_client(client)
vim.wait(2000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
vim.cmd('qa!')
`);
    const run = spawnSync('nvim', ['--headless', '-u', init], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^27 "assets\/wave\.ewzanim" has an Emberware-era extension; the current `nether pack` refuses it/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
