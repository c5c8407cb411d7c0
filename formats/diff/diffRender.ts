/** A diff document as terminal text (aligned tables) or as markdown (for a pull request comment). */
import type { DiffDocument, DiffTable } from './diffDocument';

/** Left-aligned first column, right-aligned numbers, two spaces between columns. */
function alignedTable(table: DiffTable): string[] {
  const all = [table.columns, ...table.rows];
  const widths = table.columns.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  return all.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ').trimEnd());
}

export function diffTextOf(document: DiffDocument): string {
  const out = [document.title, ...document.lines.map((line) => `  ${line}`)];
  for (const table of document.tables) out.push('', `${table.title}:`, ...alignedTable(table).map((line) => `  ${line}`));
  return out.join('\n') + '\n';
}

const cellText = (cell: string): string => cell.replace(/\|/g, '\\|');

export function diffMarkdownOf(document: DiffDocument): string {
  const out = [`### ${document.identical ? '✅' : '🔶'} ewzanim ${cellText(document.title)}`, '', ...document.lines.map((line) => `- ${line}`)];
  for (const table of document.tables) {
    out.push('', `**${cellText(table.title)}**`, '', `| ${table.columns.map(cellText).join(' | ')} |`, `|${table.columns.map((_, c) => (c === 0 ? '---' : '---:')).join('|')}|`);
    for (const row of table.rows) out.push(`| ${row.map(cellText).join(' | ')} |`);
  }
  return out.join('\n') + '\n';
}
