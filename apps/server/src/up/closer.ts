/**
 * What `dojo-console up` started, closed by one closer: every part is deferred here as soon as
 * it runs, and `close()` stops them last-started first — on stop, and also when a later part
 * fails to start, so a failed start leaves nothing listening or open. Each close runs even if an
 * earlier one threw; the first error is rethrown once all have run.
 */
export type CloseStep = () => void | Promise<void>;

export class Closer {
  readonly #steps: { name: string; close: CloseStep }[] = [];
  #closing: Promise<void> | undefined;

  /** Closes `close` (named for the error message) before everything deferred earlier. */
  defer(name: string, close: CloseStep): void {
    if (this.#closing) throw new Error(`"${name}" started while the console was stopping`);
    this.#steps.push({ name, close });
  }

  /** Runs `start`; if it (or anything it awaits) throws, closes what was started so far and rethrows. */
  async startOrClose<T>(start: () => Promise<T>): Promise<T> {
    try {
      return await start();
    } catch (err) {
      await this.close().catch(() => undefined);
      throw err;
    }
  }

  /** Closes everything deferred, in reverse order; a second call waits for the first. */
  close(): Promise<void> {
    this.#closing ??= this.#closeAll();
    return this.#closing;
  }

  async #closeAll(): Promise<void> {
    let first: unknown;
    for (const { name, close } of this.#steps.reverse()) {
      try {
        await close();
      } catch (err) {
        first ??= new Error(`stopping ${name}: ${(err as Error).message}`, { cause: err });
      }
    }
    this.#steps.length = 0;
    if (first !== undefined) throw first;
  }
}
