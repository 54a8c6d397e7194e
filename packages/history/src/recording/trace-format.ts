/**
 * The `.dojotrace` file (docs/recordings.md): gzip'd UTF-8 JSON lines. The first line is the
 * header (`TraceHeader`); every other line is one record of one stream (`TraceRecordLine`):
 * `{"stream":…,"seq":…,"time":…,"type":…,"index":{…},"record":{…}}`, `record` always last.
 * Records are written exactly as the store holds them, and a reader that trusts the order of
 * the members takes `record` out of the line without decoding and encoding it again.
 */
import type { TraceHeader } from '@dojo/console-protocol';

export const traceFormat = 'dojotrace';
/** Readers refuse files of a newer schema; version 1 is this one. */
export const traceSchemaVersion = 1;
export const traceExtension = '.dojotrace';

/** A file that is not a `.dojotrace`, or a broken one: the message says which line and why. */
export class TraceFormatError extends Error {}

/** A file past one of the limits a console opens (its size decompressed, a line's length, its record count). */
export class TraceLimitError extends TraceFormatError {}

export type IndexValues = Readonly<Record<string, string | number>>;

export function recordLine(stream: string, seq: number, time: number, type: string | null, index: IndexValues, body: string): string {
  return `{"stream":${JSON.stringify(stream)},"seq":${seq},"time":${time},"type":${JSON.stringify(type)},"index":${JSON.stringify(index)},"record":${body}}`;
}

export interface ParsedRecordLine {
  readonly stream: string;
  readonly seq: number;
  readonly time: number;
  readonly type: string | null;
  readonly index: IndexValues;
  /** The record's JSON text. */
  readonly body: string;
}

const recordMember = ',"record":';

/**
 * The members before `record` of a line exactly as `recordLine` writes it, read without a
 * JSON parser (the index, when not empty, is): what opening a large recording spends most of
 * its time on otherwise. Undefined for anything else, which is then decoded in full.
 */
function splitWritten(line: string): ParsedRecordLine | undefined {
  if (!line.startsWith('{"stream":"') || !line.endsWith('}}')) return undefined;
  let i = 11;
  let j = line.indexOf('"', i);
  const stream = line.slice(i, j);
  if (stream.includes('\\') || !line.startsWith(',"seq":', j + 1)) return undefined;
  i = j + 8;
  j = line.indexOf(',', i);
  const seq = j > i ? Number(line.slice(i, j)) : NaN;
  if (!line.startsWith(',"time":', j)) return undefined;
  i = j + 8;
  j = line.indexOf(',', i);
  const time = j > i ? Number(line.slice(i, j)) : NaN;
  if (!line.startsWith(',"type":', j)) return undefined;
  i = j + 8;
  let type: string | null = null;
  if (line.startsWith('null', i)) j = i + 4;
  else {
    if (line[i] !== '"') return undefined;
    j = line.indexOf('"', i + 1);
    type = line.slice(i + 1, j);
    if (type.includes('\\')) return undefined;
    j++;
  }
  if (!line.startsWith(',"index":', j)) return undefined;
  i = j + 9;
  const at = line.indexOf(recordMember, i);
  if (at < 0 || !Number.isSafeInteger(seq) || !Number.isFinite(time)) return undefined;
  let index: IndexValues;
  try {
    index = line.slice(i, at) === '{}' ? {} : (JSON.parse(line.slice(i, at)) as IndexValues);
  } catch {
    return undefined;
  }
  if (typeof index !== 'object' || index === null || Array.isArray(index)) return undefined;
  const body = line.slice(at + recordMember.length, -1);
  return body.startsWith('{') ? { stream, seq, time, type, index, body } : undefined;
}

function envelopeOk(e: Partial<ParsedRecordLine> | null): e is Omit<ParsedRecordLine, 'body'> {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.stream === 'string' &&
    Number.isSafeInteger(e.seq) &&
    typeof e.time === 'number' &&
    Number.isFinite(e.time) &&
    (e.type === null || typeof e.type === 'string') &&
    typeof e.index === 'object' &&
    e.index !== null &&
    !Array.isArray(e.index)
  );
}

/**
 * One record line. Lines as this module writes them are split, not decoded: the members
 * before `record` are parsed, the record is kept as text. Any other member order is decoded
 * in full.
 */
export function parseRecordLine(line: string, lineNumber: number): ParsedRecordLine {
  const written = splitWritten(line);
  if (written) return written;
  const at = line.indexOf(recordMember);
  if (at > 0 && line.startsWith('{"stream":') && line.endsWith('}}')) {
    let envelope: Partial<ParsedRecordLine> | null = null;
    try {
      envelope = JSON.parse(`${line.slice(0, at)}}`) as Partial<ParsedRecordLine>;
    } catch {
      envelope = null;
    }
    const body = line.slice(at + recordMember.length, -1);
    if (envelopeOk(envelope) && body.startsWith('{')) return { ...envelope, body };
  }
  let parsed: (Partial<ParsedRecordLine> & { record?: unknown }) | null;
  try {
    parsed = JSON.parse(line) as Partial<ParsedRecordLine> & { record?: unknown };
  } catch {
    throw new TraceFormatError(`line ${lineNumber} is not JSON`);
  }
  const record = parsed?.record;
  if (!envelopeOk(parsed) || typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new TraceFormatError(`line ${lineNumber} is not a record line: it needs stream, seq, time, type, index and record (an object)`);
  }
  return { stream: parsed.stream, seq: parsed.seq, time: parsed.time, type: parsed.type, index: parsed.index, body: JSON.stringify(record) };
}

/** The header line, checked: a file of another format or of a newer schema is refused with a reason. */
export function parseHeaderLine(line: string): TraceHeader {
  let header: Partial<TraceHeader>;
  try {
    header = JSON.parse(line) as Partial<TraceHeader>;
  } catch {
    throw new TraceFormatError('not a .dojotrace file: its first line is not a JSON header');
  }
  if (header?.format !== traceFormat) throw new TraceFormatError(`not a .dojotrace file: its header names format ${JSON.stringify(header?.format)}`);
  if (!Number.isInteger(header.schemaVersion) || header.schemaVersion! < 1) throw new TraceFormatError('the header has no schemaVersion');
  if (header.schemaVersion! > traceSchemaVersion) {
    throw new TraceFormatError(
      `this recording has schema version ${header.schemaVersion}; this console reads version ${traceSchemaVersion} and older: open it with a newer dojo-console`,
    );
  }
  if (!Array.isArray(header.streams) || !header.window || typeof header.window.to !== 'number' || !header.source) {
    throw new TraceFormatError('the header lacks streams, window or source');
  }
  for (const s of header.streams) {
    if (typeof s?.stream !== 'string' || !Array.isArray(s.columns) || !Number.isInteger(s.records))
      throw new TraceFormatError('a stream in the header lacks its name, columns or record count');
  }
  return { meta: {}, ...header } as TraceHeader;
}
