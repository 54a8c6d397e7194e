/**
 * A Pod log as the Logs tab holds it: the complete lines received so far, the last `maxLines`
 * of them, and the tail of a line still arriving (a chunk may end mid-line, and mid-character:
 * decoding is the stream's job). Pure, so the stream's bookkeeping is tested without a server.
 */
export interface LogBuffer {
  readonly lines: readonly string[];
  /** Text after the last newline: the start of a line not yet complete. */
  readonly partial: string;
  /** Lines dropped from the front to stay within the bound. */
  readonly dropped: number;
}

export const emptyLogBuffer: LogBuffer = { lines: [], partial: '', dropped: 0 };

export function appendLogText(buffer: LogBuffer, text: string, maxLines: number): LogBuffer {
  if (!text) return buffer;
  const parts = (buffer.partial + text).split('\n');
  const partial = parts.pop() ?? '';
  if (parts.length === 0) return { ...buffer, partial };
  const all = [...buffer.lines, ...parts];
  const over = Math.max(0, all.length - maxLines);
  return { lines: over ? all.slice(over) : all, partial, dropped: buffer.dropped + over };
}

/** Every line, the incomplete last one included (what a finished answer shows). */
export function allLines(buffer: LogBuffer): readonly string[] {
  return buffer.partial ? [...buffer.lines, buffer.partial] : buffer.lines;
}
