/**
 * Which write produced each recent resourceVersion, and what it changed. A resourceVersion is
 * the server's global revision, so it names exactly one write: an event carrying it is that
 * write's echo. This is how a pass is recognised as a reaction to a write (a client's own, or
 * another's) rather than to a change from outside.
 */
export interface WrittenVersion {
  readonly writer: string;
  readonly objectKey: string;
  readonly changedPaths: readonly string[];
  readonly time: number;
}

export class WrittenVersions {
  readonly #byVersion = new Map<string, WrittenVersion>();
  readonly #capacity: number;

  constructor(capacity = 50_000) {
    this.#capacity = capacity;
  }

  wrote(resourceVersion: string, version: WrittenVersion): void {
    this.#byVersion.set(resourceVersion, version);
    if (this.#byVersion.size > this.#capacity) this.#byVersion.delete(this.#byVersion.keys().next().value!);
  }

  /** The write an event with this resourceVersion echoes, if it was seen. */
  echoOf(resourceVersion: string | undefined): WrittenVersion | undefined {
    return resourceVersion === undefined ? undefined : this.#byVersion.get(resourceVersion);
  }
}
