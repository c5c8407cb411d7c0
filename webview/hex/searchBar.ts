/**
 * Find in the hex editor: hex bytes (`??` for any byte), a frame/bone (jumps there), or a decoded
 * value condition (NaN, infinity, non-unit rotation, zero scale). The host streams the file and
 * answers with the first matches and the total; Next/Previous (Enter, Shift+Enter, F3,
 * Shift+F3) step from the selection, wrapping around.
 */
import type { ByteRange } from '../../formats/diagnostics';
import { parseFrameBone } from '../../formats/editing/goTo';
import type { RowLayout } from '../../formats/editing/rowLayout';
import { rowInfo, rowOfOffset } from '../../formats/editing/rowLayout';
import { parseHexPattern, type SearchCondition, type SearchQuery } from '../../formats/editing/search';
import { formatThousands } from '../../formats/numberText';
import type { SearchAnswer } from '../../protocol/hexEditor';

type Mode = 'bytes' | 'frameBone' | SearchCondition;

/**
 * Each mode: its name, the field's placeholder and the field's tooltip. A placeholder is short
 * enough to read whole in the field of a 200 px editor; the tooltip says the rest.
 */
const MODES: [Mode, string, string, string][] = [
  ['bytes', 'Hex bytes', 'e.g. 03 08 ?? 80', 'Hex bytes, e.g. 03 08 20 80; ?? for any byte'],
  ['frameBone', 'Frame / bone', 'e.g. 12 3', 'A frame and a bone, e.g. 12 3 (frame 12, bone 3); a skeleton: a bone'],
  ['nan', 'NaN', '', ''],
  ['infinite', 'Infinity', '', ''],
  ['nonUnit', 'Non-unit rotation', '', ''],
  ['zeroScale', 'Zero scale', '', ''],
];
/** An NRes file's place to find: the name, placeholder and tooltip of the frame / bone mode. */
const MSH_PLACE: [name: string, placeholder: string, tooltip: string] = ['Node / key / map', 'e.g. key 17', 'A node (node 3), a key (key 17) or a map block (map 40)'];

interface ValueElement extends HTMLElement {
  value: string;
}

export interface SearchBarHost {
  /** Sends a search to the host; answers come back through `answer` with this id. */
  search(searchId: number, query: SearchQuery): void;
  cancel(): void;
  layout(): RowLayout | undefined;
  selection(): number | undefined;
  /** Select and show `range` (a match, or a frame/bone's record). */
  show(range: ByteRange): void;
  /** The matches to mark in the rows and the current one. */
  mark(matches: ByteRange[], current: ByteRange | undefined): void;
}

const count = formatThousands;

export class SearchBar {
  private readonly mode: ValueElement;
  private readonly text: ValueElement;
  private readonly status: HTMLElement;
  private searchId = 0;
  private running = false;
  private matches: ByteRange[] = [];
  private answer: SearchAnswer | undefined;
  private current = -1;
  /** The query of the shown results: Enter on the same query steps instead of searching again. */
  private shownQuery = '';

  constructor(
    root: HTMLElement,
    private readonly host: SearchBarHost,
  ) {
    const label = document.createElement('span');
    label.className = 'search-label';
    label.textContent = 'Find';
    this.mode = document.createElement('vscode-single-select') as ValueElement;
    this.mode.id = 'search-mode';
    for (const [value, text] of MODES) {
      const option = document.createElement('vscode-option') as ValueElement;
      option.value = value;
      option.textContent = text;
      this.mode.append(option);
    }
    this.text = document.createElement('vscode-textfield') as ValueElement;
    this.text.id = 'search-text';
    this.text.setAttribute('placeholder', MODES[0][2]);
    this.text.title = MODES[0][3];
    const button = (id: string, text: string, title: string): HTMLElement => {
      const b = document.createElement('vscode-button');
      b.id = id;
      b.textContent = text;
      b.title = title;
      b.setAttribute('secondary', '');
      return b;
    };
    const find = button('search-find', 'Find', 'Search the whole file (Enter)');
    const previous = button('search-previous', '↑', 'Previous match (Shift+Enter, Shift+F3)');
    const next = button('search-next', '↓', 'Next match (Enter, F3)');
    this.status = document.createElement('span');
    this.status.id = 'search-status';
    this.status.className = 'search-status';
    this.status.setAttribute('aria-live', 'polite');
    root.prepend(label, this.mode, this.text, find, previous, next, this.status);

    this.mode.addEventListener('change', () => this.modeChanged());
    this.text.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      if (event.shiftKey) this.step(-1);
      else if (this.queryKey() === this.shownQuery && this.matches.length > 0) this.step(1);
      else this.start();
    });
    find.addEventListener('click', () => this.start());
    previous.addEventListener('click', () => this.step(-1));
    next.addEventListener('click', () => this.step(1));
  }

  /** The file's kind: an MSH file's place mode finds a node, a key or a map block, named so. */
  setKind(kind: RowLayout['kind']): void {
    const option = [...this.mode.children].find((o) => (o as ValueElement).value === 'frameBone');
    const name = kind === 'msh' ? MSH_PLACE[0] : MODES[1][1];
    // Only where it differs (a file's kind is that of its first layout): a new option text makes
    // the select read its options again, and it goes back to the first mode.
    if (option && option.textContent !== name) option.textContent = name;
    if (this.mode.value === 'frameBone') this.showHint();
  }

  focus(): void {
    if (this.isCondition()) this.mode.focus();
    else this.text.focus();
  }

  /** The bytes changed: the matches may be stale (they stay shown, marked as such). */
  invalidate(): void {
    if (this.matches.length === 0 && !this.answer) return;
    this.shownQuery = '';
    this.say(`${this.statusText()} — the file changed since; Find searches again`, false);
  }

  /** A search answer (progress or final) from the host. */
  receive(searchId: number, answer: SearchAnswer): void {
    if (searchId !== this.searchId) return;
    if (!answer.done) {
      const layout = this.host.layout();
      const percent = layout && layout.size > 0 ? Math.floor((100 * answer.scannedBytes) / layout.size) : 0;
      this.say(`Searching… ${percent}% (${count(answer.total)} found)`, false);
      return;
    }
    this.running = false;
    if (answer.error) {
      this.reset();
      this.say(answer.error, true);
      return;
    }
    this.answer = answer;
    this.matches = answer.matches;
    this.current = -1;
    if (this.matches.length === 0) {
      this.host.mark([], undefined);
      this.say('No matches', false);
      return;
    }
    this.step(1);
  }

  /** The next (+1) or previous (-1) match from the selection, wrapping around. */
  step(direction: 1 | -1): void {
    if (this.matches.length === 0) {
      if (!this.running && this.queryKey() !== this.shownQuery) this.start();
      return;
    }
    const at = this.host.selection() ?? -1;
    let index: number;
    if (this.current >= 0 && this.matches[this.current].start <= at && at < this.matches[this.current].end) {
      index = (this.current + direction + this.matches.length) % this.matches.length;
    } else if (direction > 0) {
      index = this.matches.findIndex((m) => m.start > at);
      if (index < 0) index = 0;
    } else {
      index = this.matches.length - 1;
      while (index >= 0 && this.matches[index].start >= at) index--;
      if (index < 0) index = this.matches.length - 1;
    }
    this.current = index;
    const match = this.matches[index];
    this.host.mark(this.matches, match);
    this.host.show(match);
    this.say(this.statusText(), false);
  }

  private statusText(): string {
    const answer = this.answer;
    if (!answer || this.matches.length === 0) return 'No matches';
    const position = this.current >= 0 ? `${count(this.current + 1)} of ` : '';
    return answer.capped ? `${position}${count(answer.total)} matches (the first ${count(this.matches.length)} can be stepped through)` : `${position}${count(answer.total)} match${answer.total === 1 ? '' : 'es'}`;
  }

  private start(): void {
    const mode = this.mode.value as Mode;
    const layout = this.host.layout();
    if (!layout) return;
    if (mode === 'frameBone') {
      const result = parseFrameBone(this.text.value, layout);
      if (result.error !== undefined) return this.say(result.error, true);
      this.reset();
      this.host.show({ start: result.offset, end: rowInfo(layout, rowOfOffset(layout, result.offset)).end });
      return this.say('', false);
    }
    let query: SearchQuery;
    if (mode === 'bytes') {
      const parsed = parseHexPattern(this.text.value);
      if (parsed.error !== undefined) return this.say(parsed.error, true);
      query = { kind: 'bytes', pattern: this.text.value };
    } else {
      query = { kind: 'condition', condition: mode };
    }
    this.reset();
    this.running = true;
    this.shownQuery = this.queryKey();
    this.host.search(++this.searchId, query);
    this.say('Searching…', false);
  }

  private reset(): void {
    if (this.running) this.host.cancel();
    this.running = false;
    this.matches = [];
    this.answer = undefined;
    this.current = -1;
    this.host.mark([], undefined);
  }

  private isCondition(): boolean {
    return !['bytes', 'frameBone'].includes(this.mode.value);
  }

  private queryKey(): string {
    return `${this.mode.value}:${this.isCondition() ? '' : this.text.value.trim()}`;
  }

  private modeChanged(): void {
    this.text.hidden = this.isCondition();
    this.showHint();
    this.reset();
    this.shownQuery = '';
    this.say('', false);
    // A condition has nothing to type: search at once.
    if (this.isCondition()) this.start();
  }

  /** The field's placeholder and tooltip for the mode and the file's kind. */
  private showHint(): void {
    const mode = MODES.find(([value]) => value === this.mode.value);
    const msh = this.host.layout()?.kind === 'msh' && this.mode.value === 'frameBone';
    const [placeholder, tooltip] = msh ? MSH_PLACE.slice(1) : [mode?.[2] ?? '', mode?.[3] ?? ''];
    this.text.setAttribute('placeholder', placeholder);
    this.text.title = tooltip;
  }

  private say(text: string, isError: boolean): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', isError);
  }
}
