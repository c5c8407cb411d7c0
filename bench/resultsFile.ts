/**
 * `bench/results.md` holds the table `npm run bench -- --write` generates and, below it, the
 * figures measured by hand (dated runs, loads, machines) that the docs link to. A write replaces
 * only the generated part, between two HTML comment markers, and keeps everything else.
 */

export const TABLE_START = '<!-- bench table: written by npm run bench -- --write -->';
export const TABLE_END = '<!-- end of bench table -->';

/** The generated part of the file, markers included. */
function markedTable(table: string): string {
  return `${TABLE_START}\n${table.trim()}\n${TABLE_END}`;
}

/**
 * `previous` (the file's text, '' when it does not exist) with its generated part replaced by
 * `table`. Without both markers in order, the new table goes first, under the title, and the old
 * text (less a title line of its own) is kept below it.
 */
export function replaceBenchTable(previous: string, table: string): string {
  const start = previous.indexOf(TABLE_START);
  const end = start < 0 ? -1 : previous.indexOf(TABLE_END, start + TABLE_START.length);
  if (start >= 0 && end >= 0) {
    return previous.slice(0, start) + markedTable(table) + previous.slice(end + TABLE_END.length);
  }
  const rest = previous.replace(/^# Benchmark results\s*\n/, '').trim();
  return `# Benchmark results\n\n${markedTable(table)}\n${rest === '' ? '' : `\n${rest}\n`}`;
}
