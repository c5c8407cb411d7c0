/**
 * Summaries of referenced files, keyed by path and invalidated by size and modification time,
 * so re-validating a manifest after one clip changed reads only that clip.
 */
import type { FileStat } from '../fileAccess';
import type { AssetSummary } from '../records';
import type { GltfInfo } from './gltfInfo';

interface Cached<T> {
  size: number;
  mtimeMs: number;
  value: T;
}

class StatKeyedStore<T> {
  private readonly entries = new Map<string, Cached<T>>();

  async get(path: string, stat: FileStat, compute: () => Promise<T>, onMiss: () => void): Promise<T> {
    const hit = this.entries.get(path);
    if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.value;
    onMiss();
    const value = await compute();
    this.entries.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, value });
    return value;
  }

  delete(path: string): void {
    this.entries.delete(path);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export class AssetSummaryCache {
  private readonly summaries = new StatKeyedStore<AssetSummary>();
  private readonly gltfs = new StatKeyedStore<GltfInfo>();
  /** How many files were actually read (cache misses) since creation: for tests and the bench. */
  misses = 0;

  summary(path: string, stat: FileStat, compute: () => Promise<AssetSummary>): Promise<AssetSummary> {
    return this.summaries.get(path, stat, compute, () => this.misses++);
  }

  gltf(path: string, stat: FileStat, compute: () => Promise<GltfInfo>): Promise<GltfInfo> {
    return this.gltfs.get(path, stat, compute, () => this.misses++);
  }

  /** Forget one file (e.g. an editor reports unsaved changes to it). */
  invalidate(path: string): void {
    this.summaries.delete(path);
    this.gltfs.delete(path);
  }

  clear(): void {
    this.summaries.clear();
    this.gltfs.clear();
  }

  get size(): number {
    return this.summaries.size + this.gltfs.size;
  }
}
