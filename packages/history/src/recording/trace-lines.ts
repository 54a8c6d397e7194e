/**
 * The lines of a decompressed `.dojotrace`, split in linear time and within limits: a file is
 * untrusted input (a person drops one onto the console), and gzip turns a few kilobytes into
 * gigabytes. Each byte is looked at once (a line that spans many chunks is joined once, when
 * its newline comes, never re-scanned), and reading stops as soon as a limit is passed:
 * - `maxDecompressedBytes`: the whole file once decompressed;
 * - `maxLineBytes`: one line (a record is one object of at most ~1.5 MiB in Kubernetes, so a
 *   longer line is not a record the console wrote).
 */
import { TraceLimitError } from './trace-format.ts';

export interface TraceLineLimits {
  readonly maxDecompressedBytes: number;
  readonly maxLineBytes: number;
}

const newline = 0x0a;

export class TraceLineSplitter {
  readonly #limits: TraceLineLimits;
  /** The pieces of the line not ended yet. */
  #pieces: Buffer[] = [];
  #pieceBytes = 0;
  #total = 0;
  #lineNumber = 0;

  constructor(limits: TraceLineLimits) {
    this.#limits = limits;
  }

  /** The number of the line `push` or `end` gave last (1-based). */
  get lineNumber(): number {
    return this.#lineNumber;
  }

  /** The complete lines in `chunk` (with what came before it), in order. */
  *push(chunk: Buffer): Generator<string> {
    this.#total += chunk.length;
    if (this.#total > this.#limits.maxDecompressedBytes) {
      throw new TraceLimitError(
        `line ${this.#lineNumber + 1}: the recording is more than ${this.#limits.maxDecompressedBytes} bytes once decompressed, the most a console opens`,
      );
    }
    let start = 0;
    for (let nl = chunk.indexOf(newline, start); nl !== -1; nl = chunk.indexOf(newline, start)) {
      this.#checkLength(nl - start);
      const tail = chunk.subarray(start, nl);
      const line = this.#pieces.length ? Buffer.concat([...this.#pieces, tail]) : tail;
      this.#pieces = [];
      this.#pieceBytes = 0;
      start = nl + 1;
      this.#lineNumber++;
      yield line.toString('utf8');
    }
    if (start < chunk.length) {
      this.#checkLength(chunk.length - start);
      this.#pieces.push(chunk.subarray(start));
      this.#pieceBytes += chunk.length - start;
    }
  }

  /** The last line, when the file does not end in a newline ('' when it does). */
  end(): string {
    const rest = Buffer.concat(this.#pieces).toString('utf8');
    this.#pieces = [];
    this.#pieceBytes = 0;
    this.#lineNumber++;
    return rest;
  }

  #checkLength(more: number): void {
    if (this.#pieceBytes + more > this.#limits.maxLineBytes) {
      throw new TraceLimitError(`line ${this.#lineNumber + 1} is longer than ${this.#limits.maxLineBytes} bytes, the longest line a console reads`);
    }
  }
}
