/**
 * The hex editor webview: builds the page, connects the rows, panels, search and banners to the
 * extension host. Bytes come in pages on demand; nothing here ever holds the whole file.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import './hex.css';
import { hexOffset } from '../../formats/byteRangeText';
import { rowInfo, rowOfOffset, type RowLayout } from '../../formats/editing/rowLayout';
import { mapOffset, mapTopRow } from '../../formats/editing/viewPosition';
import { formatDecimals } from '../../formats/numberText';
import type { HexDescription, HexDocumentInfo, HexToHostMessage, HostToHexMessage } from '../../protocol/hexEditor';
import { renderDescription } from './descriptionView';
import { DiskBanner } from './diskBanner';
import { EditPanel } from './editPanel';
import { fieldColours } from './fieldColours';
import { HexView } from './hexView';
import { HostChannel } from './hostChannel';
import { Inspector } from './inspector';
import { buildLegend } from './legend';
import { PageCache } from './pageCache';
import { ProblemsStrip } from './problemsStrip';
import { FrameBoneRuler } from './ruler';
import { SearchBar } from './searchBar';

/** What survives the webview being rebuilt when its tab is hidden and shown again. */
interface ViewState {
  topRow: number;
  selectedOffset?: number;
  /** End (exclusive) of a selection of several bytes (a problem's). */
  selectedEnd?: number;
}

declare function acquireVsCodeApi(): {
  postMessage(message: HexToHostMessage): void;
  getState?(): ViewState | undefined;
  setState?(state: ViewState): void;
};

const HOVER_DELAY_MS = 200;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, id?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (id) e.id = id;
  return e;
}

/** An editor split in two with a play mark on its right half: the preview opened to the side (shown alone in a narrow editor). */
function previewIcon(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('slot', 'content-before');
  svg.setAttribute('class', 'button-icon');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M1.5 2.5h13v11h-13zM7.5 2.5v11M10 6l3 2-3 2z');
  svg.append(path);
  return svg;
}

// Page structure: banners and problems on top, the ruler, search with the colour legend, column
// titles, then rows (left) and panels (right).
const app = document.getElementById('app')!;
const diskBannerBox = element('div', 'banner disk-banner', 'disk-banner');
const banner = element('div', 'banner', 'header-problem');
const problems = element('div', 'problems', 'problems');
const rulerBox = element('div', 'ruler');
const rulerText = element('span', 'ruler-text', 'ruler-text');
const rulerBar = element('div', 'ruler-bar');
const rulerMarker = element('div', 'ruler-marker');
rulerBar.append(rulerMarker);
const previewButton = document.createElement('vscode-button');
previewButton.id = 'open-preview';
previewButton.title = 'Open Preview to the Side';
previewButton.setAttribute('aria-label', 'Open Preview to the Side');
const previewLabel = element('span', 'button-label');
previewLabel.textContent = 'Preview';
previewButton.append(previewIcon(), previewLabel);
rulerBox.append(rulerText, rulerBar, previewButton);
const searchBox = element('div', 'search', 'search');
const columns = element('div', 'columns');
for (const [className, text] of [['offset', 'offset'], ['label', 'record'], ['hex col-hex', 'bytes (hex)'], ['decoded', 'decoded values']]) {
  const title = element('span', className);
  title.textContent = text;
  columns.append(title);
}
const legend = element('div', 'legend', 'legend');
const main = element('div', 'main');
const grid = element('div', 'grid');
const rowsColumn = element('div', 'rows-column');
const viewport = element('div', 'viewport', 'rows');
viewport.tabIndex = 0;
rowsColumn.append(columns, viewport);
// The column titles follow the rows when a narrow editor scrolls them sideways.
viewport.addEventListener('scroll', () => { columns.scrollLeft = viewport.scrollLeft; });
const track = element('div', 'track');
const thumb = element('div', 'thumb');
track.append(thumb);
grid.append(rowsColumn, track);
const side = element('div', 'side');
const inspectorHead = element('div', 'side-head');
inspectorHead.textContent = 'Inspector';
const copyButton = document.createElement('vscode-button');
copyButton.id = 'inspector-copy';
copyButton.textContent = 'Copy';
inspectorHead.append(copyButton);
const inspectorBody = element('div', 'inspector', 'inspector');
const editHead = element('div', 'side-head');
editHead.textContent = 'Edit selected row';
const editBox = element('div', 'edit', 'edit');
side.append(inspectorHead, inspectorBody, editHead, editBox);
main.append(grid, side);
const tooltip = element('div', 'tooltip', 'tooltip');
tooltip.hidden = true;
app.append(diskBannerBox, banner, problems, rulerBox, searchBox, main, tooltip);

/** The field colours follow the theme, readable on its background (fieldColours.ts), again whenever the theme changes. */
function applyFieldColours(): void {
  const root = document.documentElement;
  const theme = getComputedStyle(root);
  const colours = fieldColours((id) => theme.getPropertyValue(`--vscode-${id}`));
  for (const [field, colour] of Object.entries(colours ?? {})) {
    // Only what changed: this runs on the root's style mutations, its own included.
    if (root.style.getPropertyValue(`--f-${field}`) !== colour) root.style.setProperty(`--f-${field}`, colour);
  }
}
applyFieldColours();
// VS Code writes a new theme's variables on the root and its kind on the body.
new MutationObserver(applyFieldColours).observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
new MutationObserver(applyFieldColours).observe(document.body, { attributes: true, attributeFilter: ['class'] });

let info: HexDocumentInfo | undefined;
const vscodeApi = acquireVsCodeApi();
/** Read before anything runs: drawing the first rows saves a fresh state over it. */
const savedState = vscodeApi.getState?.();
const channel = new HostChannel(vscodeApi, (notice) => void onNotice(notice));
const saveState = (): void => vscodeApi.setState?.({ topRow: view.scroller.topRow, selectedOffset: view.selection?.start, selectedEnd: view.selection?.end });
const cache = new PageCache((offset, length) => channel.readBytes(offset, length), 0);
const strip = new ProblemsStrip(banner, problems, (bytes) => view.select(bytes.start, true, bytes.end));
const ruler = new FrameBoneRuler(rulerText, rulerBar, rulerMarker, (offset) => view.select(offset, true));
const inspector = new Inspector(inspectorBody, copyButton);
const diskBanner = new DiskBanner(diskBannerBox, (action) => channel.send({ type: 'diskAction', action }));
const editPanel = new EditPanel(editBox, (offset, bytes, label) => submitEdit(offset, bytes, label));
let hoverTimer: ReturnType<typeof setTimeout> | undefined;
let hoverOffset: number | undefined;
/**
 * Something chose where the editor shows (a restored view, a reveal, the user): until then the
 * file's first problem is gone to as soon as the problems are known. VS Code opens custom
 * editors from the Problems panel without the problem's place, so this is where a click on a
 * problem's row lands.
 */
let targeted = false;
/** Counts selections: a description that comes back for an older one is dropped. */
let selectionGeneration = 0;

async function submitEdit(offset: number, bytes: Uint8Array, label: string): Promise<string | undefined> {
  const answer = await channel.request({ type: 'edit', offset, bytes, label });
  return answer.type === 'editResult' ? answer.error : undefined;
}

const view = new HexView(viewport, track, thumb, cache, {
  onScroll: () => {
    // The bytes under the pointer are other bytes now.
    hideTooltip();
    saveState();
  },
  onSelect: (offset) => {
    hideTooltip();
    targeted = true;
    const selection = view.selection!;
    document.body.dataset.selection = `${selection.start}-${selection.end}`;
    strip.follow(selection);
    channel.send({ type: 'select', offset });
    saveState();
    afterPaint(() => void refreshSelection());
  },
  onHover: (offset, anchor) => {
    if (hoverTimer) clearTimeout(hoverTimer);
    hoverOffset = offset;
    if (offset === undefined || !anchor) {
      hideTooltip();
      return;
    }
    hoverTimer = setTimeout(() => void showTooltip(offset, anchor), HOVER_DELAY_MS);
  },
  onFirstPaint: () => {
    // Since the page's navigation started: loading the script is part of opening the editor.
    const ms = performance.now();
    document.body.dataset.firstPaintMs = formatDecimals(ms, 1);
    channel.send({ type: 'firstPaint', ms });
  },
  onTypeByte: (offset, value) => {
    void submitEdit(offset, Uint8Array.of(value), `Type byte at ${hexOffset(offset)}`).then((refusal) => {
      if (refusal) editPanel.say(`Not applied: ${refusal}`, true);
    });
  },
});
searchBox.append(legend);
const search = new SearchBar(searchBox, {
  search: (searchId, query) => channel.send({ type: 'search', searchId, query }),
  cancel: () => channel.send({ type: 'cancelSearch' }),
  layout: () => info?.layout,
  selection: () => view.selectedOffset,
  show: (range) => view.select(range.start, true),
  mark: (matches, current) => view.setMatches(matches, current),
});
previewButton.addEventListener('click', () => channel.send({ type: 'openPreview' }));

function restoreState(state: ViewState | undefined): void {
  if (!state) return;
  view.scroller.scrollTo(state.topRow);
  if (state.selectedOffset !== undefined) view.select(state.selectedOffset, false, state.selectedEnd);
}

/** With nothing else to show, the first problem (the first error, else the first of the rest). */
function goToFirstProblem(): void {
  if (targeted || strip.count === 0) return;
  targeted = true;
  strip.goTo(0);
}

function hideTooltip(): void {
  if (hoverTimer) clearTimeout(hoverTimer);
  hoverOffset = undefined;
  tooltip.hidden = true;
}

/** Runs `work` after the next frame is painted: the rows a jump shows come first, panels after. */
function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

async function describe(offset: number): Promise<HexDescription | string> {
  const answer = await channel.request({ type: 'describe', offset });
  if (answer.type !== 'description') return '';
  if (answer.error) return `No description: ${answer.error}`;
  return answer.description ?? 'No description for this byte.';
}

async function showTooltip(offset: number, anchor: HTMLElement): Promise<void> {
  const description = await describe(offset);
  if (hoverOffset !== offset || !anchor.isConnected) return;
  renderDescription(tooltip, description);
  tooltip.dataset.offset = String(offset);
  const box = anchor.getBoundingClientRect();
  tooltip.hidden = false;
  const left = Math.min(box.left, window.innerWidth - tooltip.offsetWidth - 4);
  const below = box.bottom + 4 + tooltip.offsetHeight < window.innerHeight;
  tooltip.style.left = `${Math.max(0, left)}px`;
  tooltip.style.top = `${below ? box.bottom + 4 : Math.max(0, box.top - tooltip.offsetHeight - 4)}px`;
}

/** Inspector, ruler and edit form follow the selected byte (and its bytes' edits). */
async function refreshSelection(): Promise<void> {
  const offset = view.selectedOffset;
  if (!info || offset === undefined) return;
  const generation = ++selectionGeneration;
  const layout = info.layout;
  ruler.update(layout, offset);
  const row = rowInfo(layout, rowOfOffset(layout, offset));
  await cache.ensure(row.start, row.end - row.start);
  // Answers come back in any order: only the latest selection's are shown.
  if (generation !== selectionGeneration || info?.layout !== layout) return;
  editPanel.show(layout, row, cache.peek(row.start, row.end - row.start), offset);
  const description = await describe(offset);
  if (generation !== selectionGeneration || info?.layout !== layout) return;
  inspector.show(description);
}

/** New info for the same view: after a reload the selection and scroll keep their frame/bone. */
function applyInfo(next: HexDocumentInfo, previous: RowLayout | undefined, remap: boolean): void {
  info = next;
  document.body.dataset.file = next.fileName;
  document.body.dataset.kind = next.layout.kind;
  cache.reset(next.layout.size);
  strip.setHeaderProblem(next.headerProblem);
  buildLegend(legend, next.layout.kind);
  const topRow = view.scroller.topRow;
  const selected = view.selectedOffset;
  view.setLayout(next.layout, next.headerBytes, next.frameRate);
  search.setKind(next.layout.kind);
  if (remap && previous) {
    view.scroller.scrollTo(mapTopRow(previous, next.layout, topRow));
    const offset = selected === undefined ? undefined : mapOffset(previous, next.layout, selected);
    if (offset !== undefined) view.select(offset);
  }
  ruler.update(next.layout, view.selectedOffset);
}

async function onNotice(notice: Exclude<HostToHexMessage, { requestId: number }>): Promise<void> {
  switch (notice.type) {
    case 'init':
      applyInfo(notice.info, undefined, false);
      diskBanner.show(notice.notice);
      // A tab shown again keeps its view: no jump to the first problem.
      if (savedState) targeted = true;
      restoreState(savedState);
      return;
    case 'changed': {
      const previous = info?.layout;
      applyInfo(notice.info, previous, ['reload', 'revert', 'rewritten'].includes(notice.change));
      if (notice.change !== 'save') search.invalidate();
      await refreshSelection();
      return;
    }
    case 'diagnostics':
      strip.setDiagnostics(notice.diagnostics);
      view.setDiagnostics(notice.diagnostics);
      goToFirstProblem();
      return;
    case 'reveal':
      targeted = true;
      view.select(notice.offset, true, notice.end);
      afterPaint(() => viewport.focus());
      return;
    case 'stepProblem':
      targeted = true;
      strip.step(notice.step);
      afterPaint(() => viewport.focus());
      return;
    case 'notice':
      diskBanner.show(notice.notice);
      return;
    case 'searchResult':
      search.receive(notice.searchId, notice.answer);
      return;
    case 'command':
      if (notice.command === 'find') search.focus();
      else search.step(notice.command === 'findNext' ? 1 : -1);
      return;
  }
}

channel.send({ type: 'ready' });
