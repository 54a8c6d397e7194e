/** A fixed number of concurrent clients working through a numbered list of requests. */

/** Runs `op(i)` for every i in [0, count), at most `concurrency` at a time. */
export async function forEachBounded(count: number, concurrency: number, op: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await op(next++);
    }),
  );
}
