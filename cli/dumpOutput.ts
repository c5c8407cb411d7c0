/**
 * Shared plumbing of the `dump` printers: range clipping and a streaming writer that emits
 * either one JSON document (header members, then streamed arrays) or aligned table blocks, so
 * a 267 MB clip can be dumped without holding all of it in memory.
 */
import type { IndexRange } from './args';
import type { CliIo } from './io';
import { jsonText, type JsonObject, type JsonValue } from './jsonText';
import { textTable, type TextColumn } from './textTable';

/** The half-open range clipped to `[0, count)`. */
export function clampRange(range: IndexRange | undefined, count: number): { start: number; end: number } {
  const start = Math.min(range?.start ?? 0, count);
  const end = Math.min(range?.end ?? count, count);
  return { start, end: Math.max(start, end) };
}

/** Records decoded per block: tables are aligned within a block; memory stays bounded. */
export const RECORDS_PER_BLOCK = 4096;

/** One printed row: its table cells, and the JSON array elements it contributes (usually one). */
export interface PrintedRow {
  cells: string[];
  json: JsonValue[];
}

/** One array of the dump (`keyframes`, `vertices`, `indices`...). */
export interface DumpSection {
  key: string;
  columns: readonly TextColumn[];
  blocks: AsyncIterable<PrintedRow[]>;
}

export interface DumpHeader {
  /** First line(s) of the human output. */
  title: string;
  /** Leading members of the JSON object (`kind`, counts...). */
  members: JsonObject;
}

/** Writes the header, then every section, as one JSON document or as titled tables. */
export async function writeDump(io: CliIo, json: boolean, header: DumpHeader, sections: readonly DumpSection[]): Promise<void> {
  if (json) {
    const members = jsonText(header.members).slice(1, -1); // without the braces: arrays follow
    await io.out(`{${members}`);
    for (const [i, section] of sections.entries()) {
      await io.out(`${members || i > 0 ? ',' : ''}${JSON.stringify(section.key)}:[`);
      let first = true;
      for await (const rows of section.blocks) {
        const elements = rows.flatMap((r) => r.json.map(jsonText));
        if (elements.length === 0) continue;
        await io.out((first ? '\n' : ',\n') + elements.join(',\n'));
        first = false;
      }
      await io.out(first ? ']' : '\n]');
    }
    await io.out('}\n');
    return;
  }
  await io.out(header.title + '\n');
  for (const section of sections) {
    let any = false;
    for await (const rows of section.blocks) {
      if (rows.length === 0) continue;
      await io.out('\n' + textTable(section.columns, rows.map((r) => r.cells)));
      any = true;
    }
    if (!any) await io.out(`\n(no ${section.key} in the selected range)\n`);
  }
}
