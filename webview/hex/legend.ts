import type { HexKind } from '../../protocol/hexEditor';

/** What the colours of the rows mean: one swatch per field type, unsaved bytes and problems. */
const MARKS: [className: string, text: string][] = [
  ['lg-edited', 'unsaved edit'],
  ['lg-match', 'search match'],
  ['lg-problem', 'problem'],
];

const FIELDS: Record<HexKind, [className: string, text: string][]> = {
  clip: [['f-header', 'header'], ['f-rotation', 'q rotation'], ['f-position', 'p position'], ['f-scale', 's scale'], ['f-trailing', 'trailing']],
  skeleton: [['f-header', 'header'], ['f-matrix', 'matrix'], ['f-trailing', 'trailing']],
  msh: [
    ['f-header', 'NRes header'],
    ['f-directory', 'directory'],
    ['f-node', 'Res1 node'],
    ['f-position', 'p position'],
    ['f-time', 't time'],
    ['f-rotation', 'q rotation'],
    ['f-map', 'Res19 map'],
    ['f-name', 'Res10 name'],
    ['f-payload', 'other payload'],
    ['f-trailing', 'trailing'],
  ],
};

export function buildLegend(root: HTMLElement, kind: HexKind): void {
  const shown = [...FIELDS[kind], ...MARKS];
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
