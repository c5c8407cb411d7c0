/** Aligned plain-text tables for the human output of `dump` and `info`. */

export type Align = 'left' | 'right';

export interface TextColumn {
  title: string;
  align: Align;
}

/** Renders rows under their titles, each column as wide as its widest cell, two spaces apart. */
export function textTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => rows.reduce((w, row) => Math.max(w, (row[i] ?? '').length), c.title.length));
  const line = (cells: readonly string[]): string =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        return c.align === 'right' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), ...rows.map(line)].join('\n') + '\n';
}
