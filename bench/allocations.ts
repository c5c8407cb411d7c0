/**
 * Counts what a piece of code allocates on the JavaScript heap, with V8's sampling heap profiler
 * (node:inspector) at a 16-byte sampling interval: every allocation is a candidate, an object of
 * s bytes is sampled with probability 1 - exp(-s/16), and each sample is weighted by the inverse
 * of that probability, which makes the totals unbiased estimates. Only samples whose call stack
 * passes through `frames` (function names) count, so the profiler's own work is left out.
 */
import { Session } from 'node:inspector/promises';

const INTERVAL = 16;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children: ProfileNode[];
}

export interface Allocations {
  /** Estimated allocations per call of `fn`. */
  count: number;
  /** Estimated bytes per call. */
  bytes: number;
  /** Raw samples in the window (all stacks), for the note. */
  samples: number;
}

export async function measureAllocations(fn: () => void, calls: number, frames: readonly string[]): Promise<Allocations> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', { samplingInterval: INTERVAL, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < calls; i++) fn();
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode; samples: { size: number; nodeId: number }[] } };
    const inside = new Set<number>();
    const walk = (node: ProfileNode, within: boolean): void => {
      const here = within || frames.includes(node.callFrame.functionName);
      if (here) inside.add(node.id);
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head, false);
    let count = 0;
    let bytes = 0;
    for (const sample of profile.samples) {
      if (!inside.has(sample.nodeId)) continue;
      const weight = 1 / (1 - Math.exp(-sample.size / INTERVAL));
      count += weight;
      bytes += weight * sample.size;
    }
    return { count: count / calls, bytes: bytes / calls, samples: profile.samples.length };
  } finally {
    await session.post('HeapProfiler.disable').catch(() => undefined);
    session.disconnect();
  }
}
