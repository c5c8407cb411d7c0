/**
 * Where a TOML text's top-level sections start: the offsets of the lines that open a table
 * (`[game]`, `[[assets.animations]]`) outside any string, comment or multi-line array. The
 * manifest is parsed one section at a time (each section is a complete TOML document of its
 * own), so a manifest of 10,000 entries never holds more than one entry's syntax tree: the
 * parser's tree, with a location object on every node and token, is ~100 times the text.
 *
 * A lexical scan only: strings (basic, literal, both multi-line forms, with escapes), comments
 * and bracket depth. Where the text is not valid TOML the sections may come out larger (an
 * unterminated string swallows what follows), never wrong for valid TOML.
 */

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const APOSTROPHE = 39;
const HASH = 35;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Offsets of the starts of the top-level sections; the first is always 0. */
export function tomlSectionStarts(text: string): number[] {
  const starts = [0];
  const length = text.length;
  let depth = 0;
  let i = 0;
  let lineStart = true;
  const skipToLineEnd = (): void => {
    while (i < length && text.charCodeAt(i) !== NEWLINE) i++;
  };
  while (i < length) {
    const c = text.charCodeAt(i);
    if (lineStart) {
      if (c === SPACE || c === TAB || c === CR) {
        i++;
        continue;
      }
      lineStart = false;
      if (c === OPEN_BRACKET && depth === 0) {
        // A table header: it opens a section and holds no value, so the rest of its line is skipped.
        if (i > 0) starts.push(text.lastIndexOf('\n', i - 1) + 1);
        skipToLineEnd();
        continue;
      }
    }
    if (c === NEWLINE) {
      lineStart = true;
      i++;
    } else if (c === HASH) {
      skipToLineEnd();
    } else if (c === QUOTE || c === APOSTROPHE) {
      i = endOfString(text, i, c);
    } else {
      if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
      else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) depth--;
      i++;
    }
  }
  return starts;
}

/** The offset just after the string that starts at `i` (quote `q`); the text's end when unterminated. */
function endOfString(text: string, i: number, q: number): number {
  const multi = text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q;
  const escapes = q === QUOTE;
  let j = i + (multi ? 3 : 1);
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (escapes && c === BACKSLASH) {
      j += 2;
      continue;
    }
    if (!multi && c === NEWLINE) return j; // unterminated one-line string: the line ends it
    if (c === q) {
      if (!multi) return j + 1;
      if (text.charCodeAt(j + 1) === q && text.charCodeAt(j + 2) === q) {
        // Up to two more quotes may close the string as content (`""""` ends with a quote in it).
        let end = j + 3;
        while (end < j + 5 && text.charCodeAt(end) === q) end++;
        return end;
      }
    }
    j++;
  }
  return text.length;
}
