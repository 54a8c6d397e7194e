import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.ts';
import { defaultScrapeLimits, ScrapeLimitError } from './scrape-limits.ts';

function thrown(text: string, limits = defaultScrapeLimits): Error {
  try {
    parseExposition(text, limits);
  } catch (error) {
    return error as Error;
  }
  throw new Error('parsed');
}

describe("reading a target's exposition", () => {
  it('names the line and byte offset of a line that is not a sample, never its content', () => {
    const passwd = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n';
    const error = thrown(`# TYPE up gauge\nup 1\n${passwd}`);
    expect(error.message).toBe("not the Prometheus text format: line 3 (byte offset 37): expected a blank or '{' after the metric name");
    expect(error.message).not.toContain('root');
    expect(thrown('up{a="x\n').message).toBe('not the Prometheus text format: line 1 (byte offset 7): expected the end of a quoted label value');
    expect(thrown('up{a="1",a="2"} 1').message).toMatch(/expected each label once in a sample/);
    expect(thrown('up 1 2 3').message).toMatch(/expected at most a timestamp after the value/);
  });

  it("reads blanks, a trailing comma, timestamps, escapes and Go's spellings of floats", () => {
    const e = parseExposition('  a {x="1" , y="q\\\\\\n",} +Inf 1700000000000\r\nb 1e3\nc NaN\nd -inf\n');
    expect(e.samples('a')).toEqual([{ labels: { x: '1', y: 'q\\\n' }, value: Infinity }]);
    expect([e.samples('b')[0]?.value, e.samples('c')[0]?.value, e.samples('d')[0]?.value]).toEqual([1000, NaN, -Infinity]);
  });

  it('fails a scrape past sample_limit, label_limit, label_name_length_limit or label_value_length_limit, naming the limit', () => {
    const limits = { ...defaultScrapeLimits, sampleLimit: 3, labelLimit: 2, labelNameLengthLimit: 8, labelValueLengthLimit: 16 };
    const cases: [string, string][] = [
      ['a 1\nb 1\nc 1\nd 1\n', 'sample_limit exceeded: the target exposes more than 3 samples'],
      ['a{x="1",y="2",z="3"} 1', 'label_limit exceeded: a sample has more than 2 labels'],
      ['a{abcdefghi="1"} 1', 'label_name_length_limit exceeded: a label name is longer than 8 characters'],
      [`a{c="${'c'.repeat(17)}"} 1`, 'label_value_length_limit exceeded: a label value is longer than 16 characters'],
      [`${'m'.repeat(17)} 1`, 'label_value_length_limit exceeded: a metric name is longer than 16 characters'],
    ];
    for (const [text, message] of cases) {
      const error = thrown(text, limits);
      expect(error).toBeInstanceOf(ScrapeLimitError);
      expect(error.message).toBe(message);
    }
  });

  it('refuses a label value of a megabyte by the default label_value_length_limit, before reading all of it', () => {
    const error = thrown(`workqueue_depth{name="${'n'.repeat(1024 * 1024)}"} 1\n`);
    expect((error as ScrapeLimitError).limit).toBe('label_value_length_limit');
  });
});
