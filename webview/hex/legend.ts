/** What the colours of the rows mean: one swatch per field type, unsaved bytes and problems. */
const ENTRIES: [className: string, text: string][] = [
  ['f-header', 'header'],
  ['f-rotation', 'q rotation'],
  ['f-position', 'p position'],
  ['f-scale', 's scale'],
  ['f-matrix', 'matrix'],
  ['f-trailing', 'trailing'],
  ['lg-edited', 'unsaved edit'],
  ['lg-match', 'search match'],
  ['lg-problem', 'problem'],
];

export function buildLegend(root: HTMLElement, kind: 'clip' | 'skeleton'): void {
  const shown = ENTRIES.filter(([className]) => (kind === 'clip' ? className !== 'f-matrix' : !['f-rotation', 'f-position', 'f-scale'].includes(className)));
  root.replaceChildren(
    ...shown.map(([className, text]) => {
      const item = document.createElement('span');
      item.className = `legend-item ${className}`;
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      item.append(swatch, document.createTextNode(text));
      return item;
    }),
  );
}
