import { parseHexPattern, searchBytes, searchCondition, type SearchQuery, type SearchResult } from '../../../formats/editing/search';
import type { ByteSource } from '../../../formats/fileAccess';
import type { HexKind, SearchAnswer } from '../../../protocol/hexEditor';

/** Pieces small enough that page requests are answered between them while a search runs. */
const SEARCH_CHUNK_BYTES = 1 << 20;
/** Progress reports at most this often. */
const PROGRESS_EVERY_MS = 100;

/**
 * Runs the webview's searches over the document as edited, one at a time: a new search (or a
 * cancel) stops the running one between pieces.
 */
export class SearchRunner {
  private generation = 0;

  cancel(): void {
    this.generation++;
  }

  async run(kind: HexKind, source: ByteSource, query: SearchQuery, report: (answer: SearchAnswer) => void): Promise<void> {
    const generation = ++this.generation;
    const stale = (): boolean => generation !== this.generation;
    let lastReport = Date.now();
    const options = {
      chunkBytes: SEARCH_CHUNK_BYTES,
      shouldStop: stale,
      onProgress: (scannedBytes: number, total: number) => {
        if (stale() || Date.now() - lastReport < PROGRESS_EVERY_MS) return;
        lastReport = Date.now();
        report({ matches: [], total, capped: false, done: false, scannedBytes });
      },
    };
    let result: SearchResult | { error: string };
    if (query.kind === 'bytes') {
      const parsed = parseHexPattern(query.pattern);
      result = parsed.pattern ? await searchBytes(source, parsed.pattern, options) : { error: parsed.error };
    } else {
      result = await searchCondition(kind, source, query.condition, options);
    }
    if (stale()) return;
    if ('error' in result) report({ matches: [], total: 0, capped: false, done: true, scannedBytes: 0, error: result.error });
    else report({ matches: result.matches, total: result.total, capped: result.capped, done: true, scannedBytes: source.size });
  }
}
