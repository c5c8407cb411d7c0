/**
 * How a row's decoded values take lines under its bytes in a narrow editor: a keyframe's q, p
 * and s as whole groups where they fit, else as cells of one width broken between values (each
 * line starts with its group's name or the name's blank, so the values stay in columns); a
 * header's meaning wrapped between words. Widths are in characters of the editor's monospace
 * font, so the lines counted are the lines drawn. Pure.
 */

/** Characters of a keyframe value cell (7, as `formatRowValue` pads it, and a space) and of a group's name. */
export const CELL_CH = 8;
export const NAME_CH = 1.5;
/** Characters between two groups on one line. */
export const GROUP_GAP_CH = 2;
/** The values of a keyframe's q, p and s. */
export const KEYFRAME_CELLS = [4, 3, 3] as const;

/** Part of a line: cells `[from, to)` of group `group` (0 q, 1 p, 2 s). */
export interface LinePiece {
  group: number;
  from: number;
  to: number;
}

/** Characters of a group line of `cells` values. */
export const groupCh = (cells: number): number => NAME_CH + CELL_CH * cells - 1;

const whole = (group: number): LinePiece => ({ group, from: 0, to: KEYFRAME_CELLS[group] });

/**
 * A keyframe's lines in `width` characters: q, then p and s together (2 lines); q, p, s (3);
 * else each group broken into lines of as many cells as fit, at least 2 (the rows scroll
 * sideways below that).
 */
export function keyframeLines(width: number): LinePiece[][] {
  if (groupCh(4) <= width) {
    return 2 * groupCh(3) + GROUP_GAP_CH <= width ? [[whole(0)], [whole(1), whole(2)]] : [[whole(0)], [whole(1)], [whole(2)]];
  }
  const perLine = Math.max(2, Math.floor((width - NAME_CH + 1) / CELL_CH));
  const lines: LinePiece[][] = [];
  KEYFRAME_CELLS.forEach((cells, group) => {
    for (let from = 0; from < cells; from += perLine) lines.push([{ group, from, to: Math.min(cells, from + perLine) }]);
  });
  return lines;
}

/**
 * Where a line of cells breaks in `width` characters, the cells one space apart: the index of
 * the first cell of each line, from the most characters each cell can take (`cellCh`), so the
 * lines are known before the values are read. A cell wider than a line gets a line of its own.
 */
export function breakCells(cellCh: readonly number[], width: number): number[] {
  const starts: number[] = [];
  let used = Infinity;
  cellCh.forEach((ch, i) => {
    if (used + 1 + ch > width) {
      starts.push(i);
      used = ch;
    } else used += 1 + ch;
  });
  return starts;
}

/** `text` in lines of at most `width` characters, broken at spaces (a word longer than a line gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line || lines.length === 0 ? [...lines, line] : lines;
}
