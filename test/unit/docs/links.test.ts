/**
 * Every relative link and `#anchor` in every markdown file of the repository resolves: the file
 * (or folder) exists, and an anchor names a heading of the target page, slugged as GitHub slugs
 * them. Links to other sites are not followed (this machine is offline).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REPO = resolve(__dirname, '..', '..', '..');

/** GitHub's anchor for a heading's text: inline markup dropped, lower case, punctuation removed, spaces to hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*~]/g, '') // code and emphasis markers
    .replace(/(^|\s)_+|_+(\s|$)/g, '$1$2'); // _emphasis_ (an underscore inside a word stays)
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(markdown: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line, number: i + 1 });
  });
  return lines;
}

/** The anchors a page offers: one per ATX heading (repeats get -1, -2, ... as on GitHub), and explicit `id`/`name` attributes. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return anchors;
}

export interface MarkdownLink {
  target: string;
  line: number;
}

/** Inline links and images `[text](target "title")` and reference definitions `[label]: target`, outside code. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, number } of proseLines(markdown)) {
    const prose = line.replace(/(`+)[\s\S]*?\1/g, ''); // inline code spans hold no links
    for (const m of prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1]!, line: number });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) links.push({ target: definition[1]!, line: number });
  }
  return links;
}

/** What is wrong with one link of `file`, or undefined when it resolves (links with a scheme are not checked). */
export function brokenLink(file: string, target: string, anchorsOf: (path: string) => Set<string>): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const path = pathPart === '' ? file : pathPart.startsWith('/') ? join(REPO, pathPart) : resolve(dirname(file), pathPart);
  if (!existsSync(path)) return `${pathPart} does not exist`;
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(path).isDirectory() || !path.endsWith('.md')) return undefined;
  return anchorsOf(path).has(anchor) ? undefined : `${relative(REPO, path)} has no heading with the anchor #${anchor}`;
}

/**
 * Markdown files git tracks, and new ones it would track (not ignored), except verbatim copies of
 * other projects' pages (`*.upstream.md`, kept byte for byte with their checksum in SOURCE.md),
 * whose links point into their own repositories.
 */
function repositoryMarkdown(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: REPO, encoding: 'utf8' });
  const paths = listed.split('\0').filter(Boolean);
  assert.ok(paths.includes('README.md'), 'git lists the repository\'s markdown files');
  return [...new Set(paths)]
    .filter((p) => !p.endsWith('.upstream.md'))
    .map((p) => join(REPO, p))
    .filter((p) => existsSync(p));
}

test('GitHub slugs: inline code, links and punctuation dropped, case folded, spaces to hyphens', () => {
  assert.equal(githubSlug('Other editors (Neovim, Helix, Zed, Emacs)'), 'other-editors-neovim-helix-zed-emacs');
  assert.equal(githubSlug('Command-line tool (`ewzanim`)'), 'command-line-tool-ewzanim');
  assert.equal(githubSlug('`formats/`'), 'formats');
  assert.equal(githubSlug('The core (`formats/msh/`)'), 'the-core-formatsmsh');
  assert.equal(githubSlug('In `nether.toml` / `ember.toml`'), 'in-nethertoml--embertoml');
  assert.equal(githubSlug('Language server in other editors (`bench/genericClient.bench.ts`)'), 'language-server-in-other-editors-benchgenericclientbenchts');
  assert.equal(githubSlug('See [the docs](docs/cli.md) **now**'), 'see-the-docs-now');
  assert.equal(githubSlug('snake_case stays'), 'snake_case-stays');
  assert.equal(githubSlug('Déjà vu'), 'déjà-vu');
});

test('headings give anchors, repeated ones numbered; headings inside code fences do not count', () => {
  const page = '# Title\n\n## Usage\n\n```sh\n# not a heading\n```\n\n## Usage\n\n### `check` <a name="check-cmd"></a>\n';
  assert.deepEqual([...headingAnchors(page)].sort(), ['check', 'check-cmd', 'title', 'usage', 'usage-1']);
});

test('links are found in text, images and reference definitions, not in code', () => {
  const page = [
    'See [the CLI](docs/cli.md#commands) and ![shot](images/a.png "A shot").',
    'Not `[this](nowhere.md)`, nor below:',
    '```md',
    '[inside](fence.md)',
    '```',
    '[ref]: ../bench/results.md',
    '[nested [brackets]](x.md)',
  ].join('\n');
  assert.deepEqual(markdownLinks(page), [
    { target: 'docs/cli.md#commands', line: 1 },
    { target: 'images/a.png', line: 1 },
    { target: '../bench/results.md', line: 6 },
    { target: 'x.md', line: 7 },
  ]);
});

test('a link to a missing file or a missing anchor is reported; other sites are not checked', () => {
  const readme = join(REPO, 'README.md');
  const anchorsOf = (path: string) => headingAnchors(readFileSync(path, 'utf8'));
  assert.equal(brokenLink(readme, 'docs/no-such-page.md', anchorsOf), 'docs/no-such-page.md does not exist');
  assert.equal(brokenLink(readme, 'docs/cli.md#no-such-heading', anchorsOf), 'docs/cli.md has no heading with the anchor #no-such-heading');
  assert.equal(brokenLink(readme, 'docs/cli.md#the-workspace-walk', anchorsOf), undefined);
  assert.equal(brokenLink(readme, 'https://example.com/nowhere', anchorsOf), undefined);
  assert.equal(brokenLink(readme, 'docs/images', anchorsOf), undefined);
});

test('every relative link and #anchor in every markdown file of the repository resolves', () => {
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = (path: string) => {
    let found = anchors.get(path);
    if (!found) anchors.set(path, (found = headingAnchors(readFileSync(path, 'utf8'))));
    return found;
  };
  const files = repositoryMarkdown();
  assert.ok(files.some((f) => f.endsWith(join('docs', 'ARCHITECTURE.md'))), 'docs/ARCHITECTURE.md exists');
  const broken: string[] = [];
  for (const file of files) {
    for (const link of markdownLinks(readFileSync(file, 'utf8'))) {
      const problem = brokenLink(file, link.target, anchorsOf);
      if (problem) broken.push(`${relative(REPO, file)}:${link.line}: (${link.target}) ${problem}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the README stays a short introduction (under 200 lines)', () => {
  const lines = readFileSync(join(REPO, 'README.md'), 'utf8').split('\n').length;
  assert.ok(lines < 200, `README.md has ${lines} lines`);
});

/**
 * What marks a measurement, as opposed to a fact of the product (a size, a limit, a threshold, a
 * target): the date of a run, the machine's load while it ran, or a min-max range of times,
 * ratios or throughputs. Measurements live in bench/results.md; the pages link there.
 */
const MEASUREMENT_PATTERNS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a dated run', pattern: /\b20\d\d-\d\d-\d\d\b/ },
  { what: 'a machine load', pattern: /\bload (?:average )?(?:of )?~?\d/i },
  { what: 'a measured min-max range', pattern: /(?:^|[^~\d.])\d+(?:\.\d+)?-\d+(?:\.\d+)? ?(?:ns|µs|ms|s|%|x|[GT]B\/s)(?![\w/])/ },
];

/** Lines of prose (outside code fences) holding a measurement, with what gave them away. */
export function measurementsIn(markdown: string): { number: number; what: string; line: string }[] {
  const found: { number: number; what: string; line: string }[] = [];
  for (const { line, number } of proseLines(markdown)) {
    const hit = MEASUREMENT_PATTERNS.find(({ pattern }) => pattern.test(line));
    if (hit) found.push({ number, what: hit.what, line: line.trim() });
  }
  return found;
}

test('a measurement is a dated run, a load or a min-max range of times; sizes, limits and targets are not', () => {
  const page = [
    'Measured on 2026-11-26 at 07:57 UTC.',
    'On the shared machine (load 9.1-11.1) it took longer.',
    'under load average 1.3 from other jobs',
    'the redraw took 15.4-17.6 ms, and the kernel 44.2-62.2 ns a pair',
    'transforms 19.1-20.2% of the copy, or 2.2-2.4x a bare read, at 3.65-3.74 TB/s',
    'Target: < 20 ms; pieces of 1.25-5 MiB; a worker costs ~50-100 ms to start.',
    'payloads 8-aligned; one bone per 1-3 frames; 255 bones x 65,535 frames; 60 Hz (16.7 ms)',
    '```',
    'measured 2026-11-26, load 9: 12-13 ms',
    '```',
  ].join('\n');
  assert.deepEqual(measurementsIn(page).map(({ number, what }) => [number, what]), [
    [1, 'a dated run'],
    [2, 'a machine load'],
    [3, 'a machine load'],
    [4, 'a measured min-max range'],
    [5, 'a measured min-max range'],
  ]);
});

test('no page under docs/, nor the README or CONTRIBUTING, holds a measurement: figures live in bench/results.md', () => {
  const pages = repositoryMarkdown().filter((path) => {
    const name = relative(REPO, path).split('\\').join('/');
    return name.startsWith('docs/') || name === 'README.md' || name === 'CONTRIBUTING.md';
  });
  assert.ok(pages.some((path) => path.endsWith(join('docs', 'performance.md'))), 'docs/performance.md is among the pages checked');
  const found = pages.flatMap((path) =>
    measurementsIn(readFileSync(path, 'utf8')).map(({ number, what, line }) => `${relative(REPO, path)}:${number}: ${what}: ${line}`),
  );
  assert.deepEqual(found, []);
});
