/**
 * The common shape of a manifest's section, read without the TOML parser: a table header at the
 * start of a line (`[game]`, `[[assets.animations]]`, bare names) and lines of `name = value`
 * (bare name; a basic string without escapes, a decimal integer or a boolean), blank lines and
 * comments. A manifest of 10,000 entries is almost only such sections, and toml-eslint-parser
 * builds a tree with a location on every token for each (most of that parse's time and garbage).
 *
 * Anything else (escapes, other numbers, dates, arrays, inline tables, dotted or quoted names, a
 * name given twice, a character TOML forbids, a lone carriage return) is not read here: the
 * caller parses that section with the parser, which also says what is wrong. What is read here
 * is exactly what the parser gives for the same text (the manifest tests compare both).
 */

import { ASSET_ARRAYS, ENTRY_KEYS, MANIFEST_TABLES, TOP_LEVEL_TABLES } from './schema';

/** One `name = value` line: offsets in the whole text. */
export interface PlainKey {
  name: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  kind: 'string' | 'integer' | 'boolean';
  value: string | number | boolean;
}

export interface PlainSection {
  /** `[[...]]` (an element of an array of tables) or `[...]`. */
  isArray: boolean;
  /** The header's names (`assets`, `animations`). */
  names: string[];
  /** Where the header's `[` is, and the end of its last name. */
  start: number;
  nameEnd: number;
  /** The end of the last value, or of the header's closing bracket when there is no key. */
  end: number;
  keys: PlainKey[];
}

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const HASH = 35;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const DOT = 46;
const EQUALS = 61;
const DELETE = 127;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** More digits than this may not be a safe integer: left to the parser. */
const MAX_INTEGER_DIGITS = 15;

/**
 * The names the schema knows (tables, asset arrays, keys), by length: a name read that is one of
 * them is that string, not a copy of the text (three or four per entry of 10,000 that live as
 * long as the model).
 */
const KNOWN_NAMES = new Map<number, string[]>();
for (const name of new Set([...TOP_LEVEL_TABLES, ...ASSET_ARRAYS.map((a) => a.array), ...ENTRY_KEYS.map((k) => k.name), ...MANIFEST_TABLES.flatMap((t) => t.keys.map((k) => k.name))])) {
  KNOWN_NAMES.set(name.length, [...(KNOWN_NAMES.get(name.length) ?? []), name]);
}

function isBareNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= DIGIT_0 && c <= DIGIT_9) || c === 95 || c === 45;
}

/** A character TOML forbids in a comment or a basic string (controls other than tab). */
function isForbiddenControl(c: number): boolean {
  return (c < SPACE && c !== TAB) || c === DELETE;
}

/** Reads `text` from `start` to `end` (one section, starting at a line start) as a plain section, or says it is not one. */
export function readPlainSection(text: string, start: number, end: number): PlainSection | undefined {
  const reader = new Reader(text, start, end);
  return reader.section();
}

class Reader {
  constructor(
    private readonly text: string,
    private i: number,
    private readonly end: number,
  ) {}

  section(): PlainSection | undefined {
    const text = this.text;
    const start = this.i;
    if (text.charCodeAt(start) !== OPEN_BRACKET) return undefined;
    const isArray = text.charCodeAt(start + 1) === OPEN_BRACKET;
    this.i = start + (isArray ? 2 : 1);
    const names: string[] = [];
    for (;;) {
      const name = this.bareName();
      if (name === undefined) return undefined;
      names.push(name);
      if (text.charCodeAt(this.i) !== DOT) break;
      this.i++;
    }
    const nameEnd = this.i;
    if (text.charCodeAt(this.i++) !== CLOSE_BRACKET) return undefined;
    if (isArray && text.charCodeAt(this.i++) !== CLOSE_BRACKET) return undefined;
    let sectionEnd = this.i;
    if (!this.lineEnd()) return undefined;
    const keys: PlainKey[] = [];
    const seen = new Set<string>();
    while (this.i < this.end) {
      this.skipSpaces();
      const c = text.charCodeAt(this.i);
      if (this.i >= this.end || c === NEWLINE || c === CR || c === HASH) {
        if (!this.lineEnd()) return undefined;
        continue;
      }
      const key = this.keyValue();
      if (!key || seen.has(key.name) || !this.lineEnd()) return undefined;
      seen.add(key.name);
      keys.push(key);
      sectionEnd = key.valueEnd;
    }
    return { isArray, names, start, nameEnd, end: sectionEnd, keys };
  }

  private bareName(): string | undefined {
    const from = this.i;
    while (this.i < this.end && isBareNameChar(this.text.charCodeAt(this.i))) this.i++;
    if (this.i === from) return undefined;
    for (const known of KNOWN_NAMES.get(this.i - from) ?? []) if (this.text.startsWith(known, from)) return known;
    return this.text.slice(from, this.i);
  }

  private skipSpaces(): void {
    while (this.i < this.end) {
      const c = this.text.charCodeAt(this.i);
      if (c !== SPACE && c !== TAB) return;
      this.i++;
    }
  }

  /** Spaces, a comment, then the line's end (`\n`, `\r\n` or the section's end): true when that is what follows. */
  private lineEnd(): boolean {
    this.skipSpaces();
    const text = this.text;
    if (this.i < this.end && text.charCodeAt(this.i) === HASH) {
      this.i++;
      while (this.i < this.end) {
        const c = text.charCodeAt(this.i);
        if (c === NEWLINE || c === CR) break;
        if (isForbiddenControl(c)) return false;
        this.i++;
      }
    }
    if (this.i >= this.end) return true;
    const c = text.charCodeAt(this.i);
    if (c === CR) {
      if (text.charCodeAt(this.i + 1) !== NEWLINE || this.i + 1 >= this.end) return false;
      this.i += 2;
      return true;
    }
    if (c !== NEWLINE) return false;
    this.i++;
    return true;
  }

  private keyValue(): PlainKey | undefined {
    const keyStart = this.i;
    const name = this.bareName();
    if (name === undefined) return undefined;
    const keyEnd = this.i;
    this.skipSpaces();
    if (this.text.charCodeAt(this.i) !== EQUALS) return undefined;
    this.i++;
    this.skipSpaces();
    const valueStart = this.i;
    const value = this.value();
    if (!value) return undefined;
    return { name, keyStart, keyEnd, valueStart, valueEnd: this.i, ...value };
  }

  private value(): Pick<PlainKey, 'kind' | 'value'> | undefined {
    const text = this.text;
    const first = text.charCodeAt(this.i);
    if (first === QUOTE) {
      const from = ++this.i;
      while (this.i < this.end) {
        const c = text.charCodeAt(this.i);
        if (c === QUOTE) {
          // `""` followed by a quote opens a multi-line string: the parser's.
          if (this.i === from && text.charCodeAt(this.i + 1) === QUOTE) return undefined;
          this.i++;
          return { kind: 'string', value: text.slice(from, this.i - 1) };
        }
        if (c === BACKSLASH || isForbiddenControl(c)) return undefined;
        this.i++;
      }
      return undefined;
    }
    if (first >= DIGIT_0 && first <= DIGIT_9) {
      const from = this.i;
      while (this.i < this.end && text.charCodeAt(this.i) >= DIGIT_0 && text.charCodeAt(this.i) <= DIGIT_9) this.i++;
      const digits = this.i - from;
      // Leading zeros, more digits than a safe integer, or `1e3`, `1.5`, `1_000`, a date: the parser's.
      if ((first === DIGIT_0 && digits > 1) || digits > MAX_INTEGER_DIGITS || (this.i < this.end && isBareNameChar(text.charCodeAt(this.i))) || text.charCodeAt(this.i) === DOT || text.charCodeAt(this.i) === 58) return undefined;
      return { kind: 'integer', value: Number(text.slice(from, this.i)) };
    }
    for (const word of [true, false]) {
      const spelled = word ? 'true' : 'false';
      if (text.startsWith(spelled, this.i) && !isBareNameChar(text.charCodeAt(this.i + spelled.length))) {
        this.i += spelled.length;
        return { kind: 'boolean', value: word };
      }
    }
    return undefined;
  }
}
