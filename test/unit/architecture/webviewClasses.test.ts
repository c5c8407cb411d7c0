/**
 * Webview classes stay small: each does one thing, so none grows past about 250 lines or 12
 * fields (its property declarations and constructor parameter properties). A class that grows
 * past either is split along a seam (a model, a part that fits or draws, a pure helper) before it
 * lands.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { ROOT, tsFilesUnder } from './importGraph';

const MAX_LINES = 250;
const MAX_FIELDS = 12;

interface ClassSize {
  name: string;
  lines: number;
  fields: number;
}

const PARAMETER_PROPERTY = new Set([ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.PublicKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.ReadonlyKeyword]);

/** Every class declared in `source`, with its lines (declaration to closing brace) and fields. */
export function classSizes(source: string): ClassSize[] {
  const file = ts.createSourceFile('file.ts', source, ts.ScriptTarget.Latest, true);
  const sizes: ClassSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      let fields = 0;
      for (const member of node.members) {
        if (ts.isPropertyDeclaration(member)) fields++;
        if (ts.isConstructorDeclaration(member)) fields += member.parameters.filter((p) => p.modifiers?.some((m) => PARAMETER_PROPERTY.has(m.kind))).length;
      }
      sizes.push({ name: node.name?.text ?? '(anonymous)', lines: last - first + 1, fields });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sizes;
}

test('class sizes count lines from the declaration to its brace, and property and parameter-property fields', () => {
  const source = [
    'export class A {',
    '  readonly x = 1;',
    '  private y?: number;',
    '  constructor(private readonly p: number, q: number, readonly r: string) {}',
    '  method(): void {}',
    '  get z(): number { return 1; }',
    '}',
    'const B = class {};',
  ].join('\n');
  assert.deepEqual(classSizes(source), [{ name: 'A', lines: 7, fields: 4 }, { name: '(anonymous)', lines: 1, fields: 0 }]);
});

test(`no class in webview/ has more than ${MAX_LINES} lines or ${MAX_FIELDS} fields`, () => {
  const over: string[] = [];
  for (const path of tsFilesUnder(join(ROOT, 'webview'))) {
    for (const size of classSizes(readFileSync(path, 'utf8'))) {
      if (size.lines > MAX_LINES || size.fields > MAX_FIELDS) over.push(`${relative(ROOT, path)}: ${size.name} has ${size.lines} lines and ${size.fields} fields`);
    }
  }
  assert.deepEqual(over, []);
});
