/**
 * A `.dojotrace` is untrusted input: each limit stops reading at once, with a `TraceLimitError`
 * (or a `TraceFormatError` for a malformed line) that names the line, and never echoes it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { recordLine, TraceFormatError, TraceLimitError, traceFormat, traceSchemaVersion } from './trace-format.ts';
import { defaultTraceLimits, importTrace, type TraceLimits } from './trace-import.ts';

const folder = mkdtempSync(join(tmpdir(), 'trace-limits-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

function header(records: number): string {
  const stream = { stream: 'requests', columns: [], records, baseline: 0, firstSeq: 1, lastSeq: records, completeSince: 0, evicted: 0, evictedByType: {} };
  return JSON.stringify({
    format: traceFormat,
    schemaVersion: traceSchemaVersion,
    createdAt: '',
    createdBy: 'test',
    source: { clusterMode: 'embedded', server: '', consoleVersion: '' },
    window: { from: null, to: 1 },
    streams: [stream],
    meta: {},
  });
}

const record = (seq: number, body = '{"verb":"get"}') => recordLine('requests', seq, seq, 'get', {}, body);

/** Imports the gzip of `parts` (or gzip members given as Buffers); resolves with the error, or undefined. */
async function refusal(parts: (string | Buffer)[], limits: Partial<TraceLimits> = {}): Promise<TraceFormatError | undefined> {
  const file = join(folder, `f${++files}.dojotrace`);
  writeFileSync(file, Buffer.concat(parts.map((p) => (typeof p === 'string' ? gzipSync(p) : p))));
  try {
    await importTrace(file, join(folder, `f${files}.db`), { ...defaultTraceLimits, ...limits });
    return undefined;
  } catch (error) {
    if (error instanceof TraceFormatError) return error;
    throw error;
  }
}

describe('reading a recording within limits', () => {
  it('opens a file within every limit', async () => {
    expect(await refusal([`${header(2)}\n${record(1)}\n${record(2)}\n`])).toBeUndefined();
  });

  it('refuses a header that promises more records than a console opens, before storing one', async () => {
    const error = await refusal([`${header(3_000_000)}\n${record(1)}\n`]);
    expect(error).toBeInstanceOf(TraceLimitError);
    expect(error?.message).toBe('the header promises 3000000 records, more than the 2000000 a console opens');
  });

  it('refuses a record past the count its header promises, at its line', async () => {
    const error = await refusal([`${header(1)}\n${record(1)}\n${record(2)}\n`]);
    expect(error?.message).toBe('line 3: stream requests has more records than the 1 its header promises');
  });

  it('refuses a file larger decompressed than the limit, however well it compresses', async () => {
    const lines = [header(1_000), ...Array.from({ length: 1_000 }, (_, i) => record(i + 1, `{"pad":"${'x'.repeat(2_000)}"}`))].join('\n');
    const error = await refusal([`${lines}\n`], { maxDecompressedBytes: 1_000_000 });
    expect(error).toBeInstanceOf(TraceLimitError);
    expect(error?.message).toMatch(/^line \d+: the recording is more than 1000000 bytes once decompressed/);
  });

  it('refuses one huge line in time linear in its size, without echoing it', async () => {
    // 64 MiB of one line from 64 KiB of gzip: the old splitter joined and re-scanned it chunk by chunk.
    const member = gzipSync(Buffer.alloc(8 * 1024 * 1024, 'a'));
    const started = process.hrtime.bigint();
    const error = await refusal([`${header(1)}\n{"stream":"requests","pad":"`, ...Array.from({ length: 8 }, () => member)], {
      maxLineBytes: 1024 * 1024 * 1024,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    expect(error?.message).toBe('line 2 is not JSON');
    expect(seconds).toBeLessThan(30);
    expect(await refusal([`${header(1)}\n{"stream":"requests","pad":"`, member], { maxLineBytes: 1024 * 1024 })).toHaveProperty(
      'message',
      'line 2 is longer than 1048576 bytes, the longest line a console reads',
    );
  }, 60_000);

  it('refuses a record whose body is not JSON, and empty lines in the middle, naming the line', async () => {
    expect((await refusal([`${header(2)}\n${record(1)}\n${record(2, '{not json}')}\n`]))?.message).toBe('line 3: its record is not JSON');
    expect((await refusal([`${header(2)}\n${record(1)}\n\n\n${record(2)}\n`]))?.message).toBe('line 3 is empty');
    // Nested deeper than a reader's stack: refused here rather than failing every later read.
    expect((await refusal([`${header(1)}\n${record(1, `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)}\n`]))?.message).toBe(
      'line 2: its record is not JSON',
    );
    const many = Array.from({ length: 130 }, (_, i) => record(i + 1, i === 99 ? '{"verb":"get"' + '}}' : undefined));
    expect((await refusal([`${header(130)}\n${many.join('\n')}\n`]))?.message).toBe('line 101: its record is not JSON');
  });
});
