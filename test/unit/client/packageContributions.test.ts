/**
 * What package.json contributes beyond code: the problem matchers (applied, as VS Code applies
 * them, to the real output of `ewzanim check`) and one language with its own file icons per
 * binary kind (agreeing with the core's table of extensions).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BINARY_EXTENSIONS, kindOfPath } from '../../../formats/fileKinds';
import { IDENTITY_RECORD, REPO, runCli, tempTree, uniformClip } from '../cli/cliHarness';

interface ProblemPattern {
  regexp: string;
  kind?: 'file' | 'location';
  file: number;
  line?: number;
  column?: number;
  severity: number;
  code: number;
  message: number;
}
interface ProblemMatcher {
  name: string;
  owner: string;
  severity?: string;
  fileLocation: [string, string];
  pattern: ProblemPattern;
}
interface LanguageContribution {
  id: string;
  extensions?: string[];
  icon?: { light: string; dark: string };
}

const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: { problemMatchers: ProblemMatcher[]; languages: LanguageContribution[] };
};

type MarkerSeverity = 'error' | 'warning' | 'info';

/** VS Code's rule for a captured severity: known words, then E/W/I, hint/note, then the matcher's default. */
function vscodeSeverity(captured: string, matcher: ProblemMatcher): MarkerSeverity {
  const word = captured.toLowerCase();
  if (word === 'error' || word === 'e') return 'error';
  if (word === 'warning' || word === 'warn' || word === 'w') return 'warning';
  if (word === 'info' || word === 'i' || word === 'hint' || word === 'note') return 'info';
  return (matcher.severity as MarkerSeverity | undefined) ?? 'error';
}

interface Marker {
  matcher: string;
  file: string;
  line?: number;
  column?: number;
  severity: MarkerSeverity;
  code: string;
  message: string;
}

function applyMatchers(line: string): Marker[] {
  const markers: Marker[] = [];
  for (const matcher of pkg.contributes.problemMatchers) {
    const m = new RegExp(matcher.pattern.regexp).exec(line);
    if (!m) continue;
    const p = matcher.pattern;
    markers.push({
      matcher: matcher.name,
      file: m[p.file]!,
      line: p.line ? Number(m[p.line]) : undefined,
      column: p.column ? Number(m[p.column]) : undefined,
      severity: vscodeSeverity(m[p.severity]!, matcher),
      code: m[p.code]!,
      message: m[p.message]!,
    });
  }
  return markers;
}

test('the problem matchers turn every line of `ewzanim check` into one marker at the right place', async () => {
  // A manifest (line/column problems of every severity but hint) and binary files (byte offsets).
  const manifest = `[game]\nid = "g"\ntitle = "t"\nauthor = "a"\nversion = "1"\nmax_players = 1\n\n[[assets.skeletons]]\nid = "s1"\npath = "s1.nczxskel"\n\n[[assets.skeletons]]\nid = "s2"\npath = "s2.nczxskel"\n\n[[assets.animations]]\nid = "walk"\npath = "walk 1.nczxanim"\nskeletn = "s1"\n`;
  const skeleton = new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, ...new Uint8Array(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]).buffer)]);
  const clip = uniformClip(1, 2, IDENTITY_RECORD);
  clip[4 + 16 + 5] = 0x7c; // frame 1: position x = +infinity
  const tree = tempTree({ 'pack/nether.toml': manifest, 'pack/s1.nczxskel': skeleton, 'pack/s2.nczxskel': skeleton, 'pack/walk 1.nczxanim': clip, 'pack/x.nczx': 'ELF!' });
  try {
    const text = await runCli(['check', join(tree.root, 'pack')]);
    const json = await runCli(['check', '--json', join(tree.root, 'pack')]);
    const expected = (JSON.parse(json.stdout) as { files: { path: string; diagnostics: { code: string; severity: string; message: string; range?: { start: { line: number; character: number } } }[] }[] }).files.flatMap(
      (f) => f.diagnostics.map((d) => ({ path: f.path, ...d })),
    );
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, expected.length);
    assert.deepEqual(new Set(expected.map((d) => d.severity)), new Set(['error', 'warning', 'information']), 'the input covers every severity the checks use');
    lines.forEach((line, i) => {
      const want = expected[i]!;
      const markers = applyMatchers(line);
      assert.equal(markers.length, 1, `exactly one matcher takes: ${line}`);
      const [marker] = markers;
      const severity = want.severity === 'error' ? 'error' : want.severity === 'warning' ? 'warning' : 'info';
      if (want.range) {
        assert.deepEqual(marker, {
          matcher: 'ewzanim',
          file: want.path,
          line: want.range.start.line + 1,
          column: want.range.start.character + 1,
          severity,
          code: want.code,
          message: want.message,
        });
      } else {
        assert.deepEqual(marker, { matcher: 'ewzanim-bytes', file: want.path, line: undefined, column: undefined, severity, code: want.code, message: want.message });
      }
    });
    const matchers = new Set(lines.map((l) => applyMatchers(l)[0]!.matcher));
    assert.deepEqual(matchers, new Set(['ewzanim', 'ewzanim-bytes']));
  } finally {
    tree.dispose();
  }
});

test('the binary matcher marks the whole file, and both resolve paths against the workspace folder', () => {
  const [text, binary] = pkg.contributes.problemMatchers;
  assert.equal(text?.pattern.kind, undefined);
  assert.equal(binary?.pattern.kind, 'file');
  for (const m of pkg.contributes.problemMatchers) {
    assert.deepEqual(m.fileLocation, ['autoDetect', '${workspaceFolder}']);
    // Not the language client's diagnostic collection ('ewzanim'): a task's markers would replace the server's.
    assert.equal(m.owner, 'ewzanim-cli');
  }
  // Windows paths keep their drive letter in the file group.
  assert.equal(applyMatchers('C:\\game\\nether.toml:3:5: error manifest/syntax: bad')[0]?.file, 'C:\\game\\nether.toml');
  assert.equal(applyMatchers('C:\\game\\a.nczxanim:20: warning anim/zero-scale: flat')[0]?.file, 'C:\\game\\a.nczxanim');
});

test('one language per binary kind, each with a light and a dark file icon, covering every extension once', () => {
  const binaryLanguages = pkg.contributes.languages.filter((l) => l.id.startsWith('ewzanim-') && l.id !== 'ewzanim-listing');
  assert.deepEqual(binaryLanguages.map((l) => l.id), ['ewzanim-clip', 'ewzanim-skeleton', 'ewzanim-mesh', 'ewzanim-rom', 'ewzanim-msh']);
  const covered = binaryLanguages.flatMap((l) => l.extensions ?? []);
  assert.deepEqual([...covered].sort(), [...BINARY_EXTENSIONS].sort());
  for (const language of binaryLanguages) {
    for (const extension of language.extensions ?? []) assert.equal(`ewzanim-${kindOfPath(`x${extension}`)?.kind}`, language.id, extension);
    assert.ok(pkg.activationEvents.includes(`onLanguage:${language.id}`), `activates on ${language.id}`);
    for (const theme of ['light', 'dark'] as const) {
      const svg = readFileSync(join(REPO, language.icon![theme]), 'utf8');
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="16" height="16" viewBox="0 0 16 16">/);
    }
  }
  assert.ok(!JSON.stringify(pkg).includes('ewzanim-binary'), 'the old shared language id is gone');
});
