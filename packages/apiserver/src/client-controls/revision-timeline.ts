/**
 * Which revision the server was at, a given time ago: samples of (time, revision) taken at
 * each commit while someone asks (the stale-view fault by seconds). Sampling starts when the
 * first such fault is set, so a lag of S seconds builds up from then: before its first
 * sample the timeline answers the revision it started at.
 */
export class RevisionTimeline {
  #samples: { time: number; rev: number }[] = [];

  constructor(private readonly maxAgeMs: number) {}

  record(time: number, rev: number): void {
    this.#samples.push({ time, rev });
    const cutoff = time - this.maxAgeMs;
    let drop = 0;
    // Keep the newest sample at or before the cutoff: it is the revision then.
    while (drop + 1 < this.#samples.length && this.#samples[drop + 1]!.time <= cutoff) drop++;
    if (drop > 0) this.#samples.splice(0, drop);
  }

  /** The revision the server had at `time` (the oldest known when `time` is before every sample). */
  revisionAt(time: number): number | undefined {
    let rev: number | undefined = this.#samples[0]?.rev;
    for (const s of this.#samples) {
      if (s.time > time) break;
      rev = s.rev;
    }
    return rev;
  }
}
