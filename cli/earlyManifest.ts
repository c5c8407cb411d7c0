/**
 * A folder's manifest read and parsed while the pool's workers check the folder's binary files:
 * its parse (the model the run's cache keeps, `AssetSummaryCache.modelAsync`) and the rules that
 * need only that parse (`judgeManifestAhead`) then run beside their checks instead of after them,
 * and its check takes the bytes read here instead of reading the file again (each file is read
 * once per run).
 */
import type { FileAccess } from '../formats/fileAccess';
import { judgeManifestAhead, readManifestText } from '../formats/manifest/checkManifest';
import { parseManifestAsync } from '../formats/manifest/parseManifest';
import type { AssetSummaryCache } from '../formats/manifest/summaryCache';

export interface EarlyManifest {
  /** Settles once the parse is in the cache, or nothing could be read (the check then reads it and says why). */
  ready: Promise<void>;
  /** `base`, its first read of the whole manifest answered with the bytes read early. */
  access(base: FileAccess): FileAccess;
}

export function readManifestEarly(access: FileAccess, path: string, cache: AssetSummaryCache): EarlyManifest {
  let early: Uint8Array | undefined;
  const ready = (async () => {
    try {
      const stat = await access.stat(path);
      if (!stat || stat.isDirectory) return;
      const bytes = await access.read(path, 0, stat.size);
      early = bytes;
      // Decoded as the check decodes it: the cache takes the parse only for the very same text.
      const text = await readManifestText({ ...access, read: async () => bytes }, path, bytes.length);
      const model = await cache.modelAsync(path, text, () => parseManifestAsync(text, path));
      // Its rules that need no listed file's facts judged now too: after the workers' last answer, only those that do.
      await judgeManifestAhead(path, model);
    } catch {
      // The check reads it and reports what it finds.
    }
  })();
  return {
    ready,
    access: (base) => ({
      ...base,
      read: (file, offset, length) => {
        const bytes = early;
        // A file that changed size since is read again (and parsed again: another text).
        if (!bytes || file !== path || offset !== 0 || length !== bytes.length) return base.read(file, offset, length);
        early = undefined;
        return Promise.resolve(bytes);
      },
    }),
  };
}
