/**
 * Child process of the core bench: lints one clip from disk and prints, as JSON, how far RSS
 * and ArrayBuffer memory rose above this process's baseline (taken after start-up and a GC).
 * A separate process, so the bench's own big buffers cannot hide or inflate the figure.
 * Usage: node --expose-gc --import tsx bench/lintMemoryProbe.ts CLIP
 */
import { memoryUsage } from 'node:process';
import { byteSourceOf, checkBytes, type ByteSource } from '../formats/index';
import { nodeFileAccess } from '../node/fileAccess';

async function probe(path: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const stat = await nodeFileAccess.stat(path);
  if (!stat) throw new Error(`${path}: no such file`);
  gc();
  const base = memoryUsage();
  let peakRss = base.rss;
  let peakArrayBuffers = base.arrayBuffers;
  const sample = (): void => {
    const now = memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers);
  };
  // Sampled on a timer and after every read (when the freshly read piece is still alive).
  const timer = setInterval(sample, 1);
  const file = byteSourceOf(nodeFileAccess, path, stat.size);
  let reads = 0;
  const source: ByteSource = {
    size: file.size,
    read: async (offset, length) => {
      const bytes = await file.read(offset, length);
      reads++;
      sample();
      return bytes;
    },
  };
  // Keep the Node FileAccess's buffer-reusing path, as the CLI and the language server have it.
  const readInto = file.readInto;
  if (readInto) {
    source.readInto = async (offset, target) => {
      const filled = await readInto(offset, target);
      reads++;
      sample();
      return filled;
    };
  }
  const diagnostics = await checkBytes('clip', source, path, { maxKeyframeProblems: 100 });
  sample();
  clearInterval(timer);
  const mib = (n: number): number => n / 2 ** 20;
  console.log(
    JSON.stringify({
      rssAboveBaselineMiB: mib(peakRss - base.rss),
      arrayBuffersAboveBaselineMiB: mib(peakArrayBuffers - base.arrayBuffers),
      reads,
      diagnostics: Array.isArray(diagnostics) ? diagnostics.length : undefined,
    }),
  );
}

probe(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
