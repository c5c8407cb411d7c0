/**
 * `parseManifest`: TOML text -> typed `ManifestModel` with the range of every key and value,
 * plus the errors that make the real parser refuse the file (syntax, keys of the wrong type).
 * Accepts every TOML spelling of the same data: `[[assets.meshes]]`, dotted keys, inline tables.
 */
import type { AST } from 'toml-eslint-parser';
import type { FormatDiagnostic, TextRange } from '../diagnostics';
import { kindOfPath } from '../fileKinds';
import type { ManifestEntry, ManifestKey, ManifestModel, ManifestTable, ManifestValue, ManifestValueKind, ManifestScalar } from './model';
import { assetArraySpec, entryKeySpec, tableSpec, type AssetArrayName, type EntryKeyName, type ManifestAssetKind, type ManifestKeySpec } from './schema';
import { LineIndex } from './textRanges';
import { type PlainSection, readPlainSection } from './plainSection';
import { parseTomlSectionsInSteps } from './tomlRecovery';
import { hostTurn } from '../hostTurn';

type Segment = string | number;

/*
 * The model's ranges are computed from offsets when asked (through the shared LineIndex): a
 * manifest of 10,000 entries would otherwise hold some 80,000 range objects for hovers that
 * look at a handful.
 */

class ParsedValue implements ManifestValue {
  constructor(
    readonly kind: ManifestValueKind,
    readonly value: ManifestScalar | ManifestScalar[] | undefined,
    private readonly lines: LineIndex,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get range(): TextRange {
    return this.lines.rangeOf(this.start, this.end);
  }
}

class ParsedKey implements ManifestKey {
  constructor(
    readonly name: string,
    readonly value: ManifestValue,
    private readonly lines: LineIndex,
    private readonly start: number,
    private readonly keyEnd: number,
    private readonly end: number,
  ) {}

  get keyRange(): TextRange {
    return this.lines.rangeOf(this.start, this.keyEnd);
  }

  get range(): TextRange {
    return this.lines.rangeOf(this.start, this.end);
  }
}

class ParsedTable implements ManifestTable {
  constructor(
    readonly name: string,
    readonly keys: ManifestKey[],
    readonly isArrayElement: boolean,
    readonly inline: boolean,
    private readonly lines: LineIndex,
    private readonly header: readonly [number, number] | undefined,
    private readonly start: number,
    private readonly end: number,
  ) {}

  get headerRange(): TextRange | undefined {
    return this.header ? this.lines.rangeOf(this.header[0], this.header[1]) : undefined;
  }

  get range(): TextRange {
    return this.lines.rangeOf(this.start, this.end);
  }
}

class ParsedEntry extends ParsedTable implements ManifestEntry {
  constructor(
    name: string,
    inst: TableInstance,
    lines: LineIndex,
    readonly array: AssetArrayName,
    readonly kind: ManifestAssetKind,
    readonly index: number,
    readonly fields: Partial<Record<EntryKeyName, ManifestKey>>,
  ) {
    super(name, inst.keys, inst.isArrayElement, inst.inline, lines, inst.header, inst.start, inst.end);
  }
}

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
  /** Syntax errors only the whole text shows (a table defined in two sections). */
  readonly diagnostics: FormatDiagnostic[] = [];
  /** Offset of the section being visited: its tree's ranges are relative to it. */
  private offset = 0;
  /** Elements seen so far per array of tables (`assets\u0000animations`), across sections. */
  private readonly arrayLengths = new Map<string, number>();
  /** Standard tables opened by a header, across sections. */
  private readonly headers = new Set<string>();

  constructor(private readonly text: string, private readonly lines: LineIndex) {}

  private instance(segments: Segment[], start: number, isArrayElement: boolean, id = segments.join('\u0000')): TableInstance {
    let found = this.instances.get(id);
    if (!found) {
      found = { segments, start, end: start, keys: [], isArrayElement, isStandardHeader: false, inline: false };
      this.instances.set(id, found);
    }
    return found;
  }

  /** Visits one section's tree; `offset` is where the section starts in the whole text. */
  visitProgram(program: AST.TOMLProgram, offset = 0): void {
    this.offset = offset;
    const top = program.body[0];
    for (const node of top.body) {
      if (node.type === 'TOMLKeyValue') this.visitKeyValue([], node);
      else this.visitTable(node);
    }
  }

  /**
   * A section read without the parser (`readPlainSection`), as `visitProgram` visits the
   * parser's tree of the same text; false when it is not such a section.
   */
  visitPlainSection(start: number, end: number): boolean {
    const section: PlainSection | undefined = readPlainSection(this.text, start, end);
    if (!section) return false;
    this.offset = 0;
    const resolvedKey: Segment[] = section.isArray ? [...section.names, 0] : section.names;
    const inst = this.openTable(resolvedKey, section.isArray, section.start, section.nameEnd, section.end);
    for (const key of section.keys) {
      const value = new ParsedValue(key.kind, key.value, this.lines, key.valueStart, key.valueEnd);
      inst.keys.push(new ParsedKey(key.name, value, this.lines, key.keyStart, key.keyEnd, key.valueEnd));
    }
    // The header's instance ends at the section's last value already (`openTable`).
    return true;
  }

  /**
   * A header's key path with its array indices counted over the whole text: each section's parse
   * numbers its own `[[assets.animations]]` from 0, and a sub-table `[a.b]` of an array element
   * belongs to the array's latest element.
   */
  private resolveIndices(resolvedKey: readonly Segment[], isArray: boolean): { segments: Segment[]; id: string } {
    const segments: Segment[] = [];
    // The instance's id (`segments.join('\u0000')`), built as the segments are.
    let id = '';
    for (let i = 0; i < resolvedKey.length; i++) {
      const segment = resolvedKey[i]!;
      let resolved: Segment = segment;
      if (typeof segment === 'number') {
        const length = this.arrayLengths.get(id) ?? 0;
        if (i === resolvedKey.length - 1 && isArray) {
          this.arrayLengths.set(id, length + 1);
          resolved = length;
        } else {
          resolved = Math.max(0, length - 1);
        }
      }
      segments.push(resolved);
      id = i === 0 ? String(resolved) : `${id}\u0000${resolved}`;
    }
    return { segments, id };
  }

  private visitTable(table: AST.TOMLTable): void {
    const { segments } = this.openTable(table.resolvedKey, table.kind === 'array', table.range[0] + this.offset, table.key.range[1] + this.offset, table.range[1] + this.offset);
    for (const kv of table.body) this.visitKeyValue(segments, kv);
  }

  /** A table's header met (offsets in the whole text): its instance, its path with the array indices counted. */
  private openTable(resolvedKey: readonly Segment[], isArray: boolean, start: number, nameEnd: number, end: number): TableInstance {
    const { segments, id } = this.resolveIndices(resolvedKey, isArray);
    const closing = this.text.indexOf(']', nameEnd);
    const headerEnd = closing < 0 ? nameEnd : closing + (isArray ? 2 : 1);
    if (!isArray) {
      if (this.headers.has(id)) {
        this.diagnostics.push({ code: 'manifest/syntax', severity: 'error', message: `Not valid TOML: the table \`[${segments.join('.')}]\` is defined twice. The packer refuses the whole file.`, range: this.lines.rangeOf(start, Math.min(headerEnd, this.text.length)) });
      }
      this.headers.add(id);
    }
    const inst = this.instance(segments, start, isArray, id);
    inst.header = [start, Math.min(headerEnd, this.text.length)];
    inst.start = start;
    inst.end = Math.max(inst.end, end, inst.header[1]);
    inst.isStandardHeader = !isArray;
    return inst;
  }

  private visitKeyValue(base: Segment[], kv: AST.TOMLKeyValue): void {
    const names = kv.key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value));
    const parent = [...base, ...names.slice(0, -1)];
    const name = names[names.length - 1];
    const value = kv.value;
    const at = (n: number) => n + this.offset;
    if (value.type === 'TOMLInlineTable') {
      const inst = this.instance([...parent, name], at(kv.range[0]), false);
      inst.header = [at(kv.key.range[0]), at(kv.key.range[1])];
      inst.inline = true;
      inst.end = Math.max(inst.end, at(kv.range[1]));
      for (const inner of value.body) this.visitKeyValue([...parent, name], inner);
      return;
    }
    if (value.type === 'TOMLArray' && value.elements.length > 0 && value.elements.every((e) => e.type === 'TOMLInlineTable')) {
      value.elements.forEach((element, i) => {
        const inst = this.instance([...parent, name, i], at(element.range[0]), true);
        inst.header = [at(element.range[0]), at(element.range[0]) + 1];
        inst.inline = true;
        inst.end = Math.max(inst.end, at(element.range[1]));
        if (element.type === 'TOMLInlineTable') for (const inner of element.body) this.visitKeyValue([...parent, name, i], inner);
      });
      return;
    }
    this.addKey(parent, name, this.valueOf(value), at(kv.key.range[0]), at(kv.key.range[1]), at(kv.range[1]));
  }

  /** `name = value` in the table at `parent` (offsets in the whole text; the line's range starts at its name). */
  private addKey(parent: Segment[], name: string, value: ManifestValue, start: number, keyEnd: number, end: number): void {
    const inst = this.instance(parent, start, false);
    inst.end = Math.max(inst.end, end);
    inst.keys.push(new ParsedKey(name, value, this.lines, start, keyEnd, end));
  }

  private valueOf(node: AST.TOMLContentNode): ManifestValue {
    const value = (kind: ManifestValueKind, scalar: ManifestScalar | ManifestScalar[] | undefined) =>
      new ParsedValue(kind, scalar, this.lines, node.range[0] + this.offset, node.range[1] + this.offset);
    if (node.type === 'TOMLArray') {
      const items: ManifestScalar[] = [];
      for (const element of node.elements) {
        if (element.type === 'TOMLValue' && typeof element.value !== 'object') items.push(element.value);
      }
      return value('array', items);
    }
    if (node.type === 'TOMLInlineTable') return value('table', undefined);
    const kind: ManifestValueKind = node.kind === 'string' || node.kind === 'integer' || node.kind === 'float' || node.kind === 'boolean' ? node.kind : 'datetime';
    return value(kind, typeof node.value === 'object' ? undefined : node.value);
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

const TABLE_NAMES = new Map<string, string>();

/** One string per table name (`assets.animations`), however many entries carry it. */
function internedName(name: string): string {
  const known = TABLE_NAMES.get(name);
  if (known !== undefined) return known;
  if (TABLE_NAMES.size < 1024) TABLE_NAMES.set(name, name);
  return name;
}

/** A table's path without its array indices (`assets`, `animations`). */
function namesOf(segments: readonly Segment[]): string[] {
  const names: string[] = [];
  for (const segment of segments) if (typeof segment === 'string') names.push(segment);
  return names;
}

/** Where a table's type error points: its header, else the whole table. */
function whereOf(table: ManifestTable): TextRange {
  return table.headerRange ?? table.range;
}

export function parseManifest(text: string, path: string): ManifestModel {
  const steps = parseManifestInSteps(text, path);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** How long a parse runs before it lets other work (a language server's requests) run. */
const PARSE_SLICE_MS = 15;
/** Tables the model is built from between two steps of the parse. */
const TABLES_PER_STEP = 256;

/**
 * `parseManifest` that gives the event loop a turn every few milliseconds: a manifest of
 * 10,000 entries (of tables the TOML parser reads, or on a slow machine) takes long enough to
 * parse that a language server must answer meanwhile.
 */
export async function parseManifestAsync(text: string, path: string): Promise<ManifestModel> {
  const steps = parseManifestInSteps(text, path);
  let sliceStart = Date.now();
  let step = steps.next();
  while (!step.done) {
    if (Date.now() - sliceStart >= PARSE_SLICE_MS) {
      await hostTurn();
      sliceStart = Date.now();
    }
    step = steps.next();
  }
  return step.value;
}

function* parseManifestInSteps(text: string, path: string): Generator<void, ManifestModel> {
  // A UTF-8 byte-order mark (Windows editors) is accepted by the packer's TOML reader; a space in
  // its place keeps every offset.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  const lines = new LineIndex(source);
  yield;
  const builder = new ModelBuilder(source, lines);
  const parsed = yield* parseTomlSectionsInSteps(
    source,
    lines,
    (program, offset) => builder.visitProgram(program, offset),
    (start, end) => builder.visitPlainSection(start, end),
  );
  const model: ManifestModel = {
    path,
    era: kindOfPath(path)?.era ?? (path.toLowerCase().endsWith('ember.toml') ? 'emberware' : 'nethercore'),
    text,
    entries: [],
    unknownTables: [],
    strayKeys: [],
    diagnostics: [...parsed.diagnostics, ...builder.diagnostics].sort((a, b) => a.range!.start.line - b.range!.start.line || a.range!.start.character - b.range!.start.character),
    parsed: parsed.parsedSections > 0,
  };
  if (!model.parsed) return model;

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
  for (const [i, inst] of instances.entries()) {
    // A step every few hundred tables: the async parse may let the host run between them.
    if (i % TABLES_PER_STEP === TABLES_PER_STEP - 1) yield;
    const names = namesOf(inst.segments);
    const name = internedName(names.join('.'));
    // An element of an asset array: nearly every table of a large manifest (no other case below has three segments).
    const array = names[0] === 'assets' && names.length === 2 ? assetArraySpec(names[1]) : undefined;
    if (array && inst.segments.length === 3 && typeof inst.segments[2] === 'number') {
      checkTypes(inst.keys, entryKeySpec, '');
      const fields: Partial<Record<EntryKeyName, ManifestKey>> = {};
      for (const key of inst.keys) if (entryKeySpec(key.name)) fields[key.name as EntryKeyName] = key;
      const index = arrayCounters.get(array.array) ?? 0;
      arrayCounters.set(array.array, index + 1);
      model.entries.push(new ParsedEntry(name, inst, lines, array.array, array.kind, index, fields));
      continue;
    }
    const table = new ParsedTable(name, inst.keys, inst.isArrayElement, inst.inline, lines, inst.header, inst.start, inst.end);
    if (inst.segments.length === 0) {
      for (const key of inst.keys) model.strayKeys.push({ table: '', key });
      continue;
    }
    const fixed = names.length === 1 && inst.segments.length === 1 ? tableSpec(name) : undefined;
    if (fixed || (names.length === 1 && tableSpec(name) && inst.isArrayElement)) {
      const spec = tableSpec(name)!;
      if (inst.isArrayElement) {
        typeError(`\`[[${name}]]\` must be a single table \`[${name}]\`, not an array of tables.`, whereOf(table));
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
    if (array && inst.segments.length === 2 && inst.isStandardHeader) {
      typeError(`\`[assets.${array.array}]\` must be an array of tables: write \`[[assets.${array.array}]]\`.`, whereOf(table));
      continue;
    }
    model.unknownTables.push(table);
  }
  return model;
}
