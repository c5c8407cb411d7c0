/**
 * `parseManifest`: TOML text -> typed `ManifestModel` with the range of every key and value,
 * plus the errors that make the real parser refuse the file (syntax, keys of the wrong type).
 * Accepts every TOML spelling of the same data: `[[assets.meshes]]`, dotted keys, inline tables.
 */
import type { AST } from 'toml-eslint-parser';
import type { TextRange } from '../diagnostics';
import { kindOfPath } from '../fileKinds';
import type { ManifestEntry, ManifestKey, ManifestModel, ManifestTable, ManifestValue, ManifestValueKind, ManifestScalar } from './model';
import { assetArraySpec, entryKeySpec, tableSpec, type EntryKeyName, type ManifestKeySpec } from './schema';
import { LineIndex } from './textRanges';
import { parseTomlWithRecovery } from './tomlRecovery';

type Segment = string | number;

/** One table as written (standard, array element, inline or implied by dotted keys). */
interface TableInstance {
  segments: Segment[];
  header?: [number, number];
  start: number;
  end: number;
  keys: ManifestKey[];
  isArrayElement: boolean;
  /** `[assets.meshes]` written as a standard table where an array of tables is expected. */
  isStandardHeader: boolean;
  inline: boolean;
}

class ModelBuilder {
  readonly instances = new Map<string, TableInstance>();

  constructor(private readonly text: string, private readonly lines: LineIndex) {}

  private instance(segments: Segment[], start: number, isArrayElement: boolean): TableInstance {
    const id = segments.join('\u0000');
    let found = this.instances.get(id);
    if (!found) {
      found = { segments, start, end: start, keys: [], isArrayElement, isStandardHeader: false, inline: false };
      this.instances.set(id, found);
    }
    return found;
  }

  visitProgram(program: AST.TOMLProgram): void {
    const top = program.body[0];
    for (const node of top.body) {
      if (node.type === 'TOMLKeyValue') this.visitKeyValue([], node);
      else this.visitTable(node);
    }
  }

  private visitTable(table: AST.TOMLTable): void {
    const segments = [...table.resolvedKey];
    const closing = this.text.indexOf(']', table.key.range[1]);
    const headerEnd = closing < 0 ? table.key.range[1] : closing + (table.kind === 'array' ? 2 : 1);
    const inst = this.instance(segments, table.range[0], table.kind === 'array');
    inst.header = [table.range[0], Math.min(headerEnd, this.text.length)];
    inst.start = table.range[0];
    inst.end = Math.max(inst.end, table.range[1], inst.header[1]);
    inst.isStandardHeader = table.kind === 'standard';
    for (const kv of table.body) this.visitKeyValue(segments, kv);
  }

  private visitKeyValue(base: Segment[], kv: AST.TOMLKeyValue): void {
    const names = kv.key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value));
    const parent = [...base, ...names.slice(0, -1)];
    const name = names[names.length - 1];
    const value = kv.value;
    if (value.type === 'TOMLInlineTable') {
      const inst = this.instance([...parent, name], kv.range[0], false);
      inst.header = [kv.key.range[0], kv.key.range[1]];
      inst.inline = true;
      inst.end = Math.max(inst.end, kv.range[1]);
      for (const inner of value.body) this.visitKeyValue([...parent, name], inner);
      return;
    }
    if (value.type === 'TOMLArray' && value.elements.length > 0 && value.elements.every((e) => e.type === 'TOMLInlineTable')) {
      value.elements.forEach((element, i) => {
        const inst = this.instance([...parent, name, i], element.range[0], true);
        inst.header = [element.range[0], element.range[0] + 1];
        inst.inline = true;
        inst.end = Math.max(inst.end, element.range[1]);
        if (element.type === 'TOMLInlineTable') for (const inner of element.body) this.visitKeyValue([...parent, name, i], inner);
      });
      return;
    }
    const inst = this.instance(parent, kv.range[0], false);
    inst.end = Math.max(inst.end, kv.range[1]);
    inst.keys.push({
      name,
      keyRange: this.lines.rangeOf(kv.key.range[0], kv.key.range[1]),
      value: this.valueOf(value),
      range: this.lines.rangeOf(kv.range[0], kv.range[1]),
    });
  }

  private valueOf(node: AST.TOMLContentNode): ManifestValue {
    const range = this.lines.rangeOf(node.range[0], node.range[1]);
    const offsets: [number, number] = [node.range[0], node.range[1]];
    if (node.type === 'TOMLArray') {
      const items: ManifestScalar[] = [];
      for (const element of node.elements) {
        if (element.type === 'TOMLValue' && typeof element.value !== 'object') items.push(element.value);
      }
      return { kind: 'array', value: items, range, offsets };
    }
    if (node.type === 'TOMLInlineTable') return { kind: 'table', value: undefined, range, offsets };
    const kind: ManifestValueKind = node.kind === 'string' || node.kind === 'integer' || node.kind === 'float' || node.kind === 'boolean' ? node.kind : 'datetime';
    return { kind, value: typeof node.value === 'object' ? undefined : node.value, range, offsets };
  }
}

function typeMatches(spec: ManifestKeySpec, key: ManifestKey): boolean {
  const v = key.value;
  switch (spec.type) {
    case 'string':
      return v.kind === 'string';
    case 'integer':
      return v.kind === 'integer';
    case 'boolean':
      return v.kind === 'boolean';
    case 'string-array':
      return v.kind === 'array' && Array.isArray(v.value) && v.value.every((item) => typeof item === 'string');
  }
}

function describeType(spec: ManifestKeySpec): string {
  return spec.type === 'string-array' ? 'an array of strings' : spec.type === 'integer' ? 'an integer' : `a ${spec.type}`;
}

export function parseManifest(text: string, path: string): ManifestModel {
  // A UTF-8 byte-order mark (Windows editors) is accepted by the packer's TOML reader; a space in
  // its place keeps every offset.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const lines = new LineIndex(source);
  const parsed = parseTomlWithRecovery(source, lines);
  const model: ManifestModel = {
    path,
    era: kindOfPath(path)?.era ?? (path.toLowerCase().endsWith('ember.toml') ? 'emberware' : 'nethercore'),
    text,
    entries: [],
    unknownTables: [],
    strayKeys: [],
    diagnostics: [...parsed.diagnostics],
    parsed: parsed.program !== undefined,
  };
  if (!parsed.program) return model;
  const builder = new ModelBuilder(source, lines);
  builder.visitProgram(parsed.program);

  const typeError = (message: string, range: TextRange): void => {
    model.diagnostics.push({ code: 'manifest/syntax', severity: 'error', message: `${message} The packer refuses the whole file.`, range });
  };
  const checkTypes = (keys: readonly ManifestKey[], specOf: (name: string) => ManifestKeySpec | undefined, where: string): void => {
    for (const key of keys) {
      const spec = specOf(key.name);
      if (spec && !typeMatches(spec, key)) {
        typeError(`\`${where}${key.name}\` must be ${describeType(spec)}, found ${key.value.kind === 'array' || key.value.kind === 'integer' ? `an ${key.value.kind}` : `a ${key.value.kind}`}.`, key.value.range);
      }
    }
  };

  const arrayCounters = new Map<string, number>();
  const instances = [...builder.instances.values()].sort((a, b) => a.start - b.start);
  for (const inst of instances) {
    const names = inst.segments.filter((s): s is string => typeof s === 'string');
    const name = names.join('.');
    const table: ManifestTable = {
      name,
      headerRange: inst.header ? lines.rangeOf(inst.header[0], inst.header[1]) : undefined,
      range: lines.rangeOf(inst.start, inst.end),
      keys: inst.keys,
      isArrayElement: inst.isArrayElement,
      inline: inst.inline,
    };
    const where = table.headerRange ?? table.range;
    if (inst.segments.length === 0) {
      for (const key of inst.keys) model.strayKeys.push({ table: '', key });
      continue;
    }
    const fixed = names.length === 1 && inst.segments.length === 1 ? tableSpec(name) : undefined;
    if (fixed || (names.length === 1 && tableSpec(name) && inst.isArrayElement)) {
      const spec = tableSpec(name)!;
      if (inst.isArrayElement) {
        typeError(`\`[[${name}]]\` must be a single table \`[${name}]\`, not an array of tables.`, where);
        continue;
      }
      checkTypes(inst.keys, (k) => spec.keys.find((s) => s.name === k), `${name}.`);
      if (name === 'game') model.game = table;
      else if (name === 'build') model.build = table;
      else model.netplay = table;
      continue;
    }
    if (inst.segments.length === 1 && name === 'assets') {
      for (const key of inst.keys) {
        if (assetArraySpec(key.name)) typeError(`\`assets.${key.name}\` must be an array of tables (\`[[assets.${key.name}]]\`).`, key.value.range);
        else model.strayKeys.push({ table: 'assets', key });
      }
      continue;
    }
    const array = names[0] === 'assets' && names.length === 2 ? assetArraySpec(names[1]) : undefined;
    if (array && inst.segments.length === 2 && inst.isStandardHeader) {
      typeError(`\`[assets.${array.array}]\` must be an array of tables: write \`[[assets.${array.array}]]\`.`, where);
      continue;
    }
    if (array && inst.segments.length === 3 && typeof inst.segments[2] === 'number') {
      checkTypes(inst.keys, entryKeySpec, '');
      const fields: Partial<Record<EntryKeyName, ManifestKey>> = {};
      for (const key of inst.keys) if (entryKeySpec(key.name)) fields[key.name as EntryKeyName] = key;
      const index = arrayCounters.get(array.array) ?? 0;
      arrayCounters.set(array.array, index + 1);
      const entry: ManifestEntry = { ...table, array: array.array, kind: array.kind, index, fields };
      model.entries.push(entry);
      continue;
    }
    model.unknownTables.push(table);
  }
  return model;
}
