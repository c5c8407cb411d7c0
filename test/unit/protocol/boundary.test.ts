/**
 * The wire types are the protocol's own: no module of `protocol/` that defines a public request
 * or a webview message reads a type of the core (`formats/`), so a refactor of the core cannot
 * change them; the conversions in `protocol/convert/` are the only place that reads both.
 * The preview webviews' protocols (preview.ts, mshPreview.ts) are not covered here.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

const PROTOCOL = resolve('protocol');
const NOT_COVERED = new Set(['preview.ts', 'mshPreview.ts']);

/** The relative modules a file imports or re-exports from (type-only imports included). */
function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(/\bfrom\s*'(\.[^']+)'/g)].map((match) => match[1]!);
}

const coreImports = (file: string): string[] => relativeSpecifiers(readFileSync(file, 'utf8')).filter((s) => s.startsWith('../formats'));

test('the wire modules of protocol/ import nothing from formats/', () => {
  const wireModules = readdirSync(PROTOCOL).filter((name) => name.endsWith('.ts') && !NOT_COVERED.has(name));
  assert.ok(['describe.ts', 'listing.ts', 'clipLinks.ts', 'serverStatus.ts', 'hexEditor.ts', 'hexRowLayout.ts'].every((name) => wireModules.includes(name)));
  const reaching = wireModules.flatMap((name) => coreImports(join(PROTOCOL, name)).map((s) => `${name}: ${s}`));
  assert.deepEqual(reaching, []);
});

test('every conversion module reads the core and writes a wire module of protocol/', () => {
  const conversions = readdirSync(join(PROTOCOL, 'convert')).filter((name) => name.endsWith('.ts') && name !== 'plain.ts');
  assert.deepEqual(conversions.sort(), ['clipDiff.ts', 'clipLinks.ts', 'describeByte.ts', 'hexEditor.ts', 'hexRowLayout.ts', 'keyframeListing.ts']);
  for (const name of conversions) {
    const specifiers = relativeSpecifiers(readFileSync(join(PROTOCOL, 'convert', name), 'utf8'));
    assert.ok(specifiers.some((s) => s.startsWith('../../formats/')), `${name} reads a core type`);
    assert.ok(specifiers.some((s) => /^\.\.\/[a-zA-Z]+$/.test(s)), `${name} writes a wire type`);
  }
});

test('the hex webview draws the wire description, not the core\'s', () => {
  for (const file of ['webview/hex/descriptionView.ts', 'webview/hex/inspector.ts', 'webview/hex/main.ts']) {
    assert.doesNotMatch(readFileSync(resolve(file), 'utf8'), /\bByteDescription\b/, file);
  }
});
