/**
 * Runs `work` over `items` with at most `limit` calls in flight, results in input order. A
 * manifest of 10,000 entries must not open 10,000 files at once: each pending read holds a file
 * handle, its buffers and its closures until it settles.
 */
export async function mapInParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
