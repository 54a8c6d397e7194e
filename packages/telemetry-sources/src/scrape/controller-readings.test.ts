import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readControllers } from './controller-readings.ts';
import { parseExposition } from './exposition.ts';

// What a controller-runtime v0.20 manager serves on /metrics (client_golang's text format), with the priority queue's `priority` label.
const fixture = readFileSync(new URL('./fixtures/controller-runtime-v0.20.txt', import.meta.url), 'utf8');

describe('reading controller-runtime metrics from an exposition', () => {
  const reading = readControllers(parseExposition(fixture));
  const dojo = reading.controllers.get('dojo')!;

  it('finds each controller by its controller/name label, and nothing else (leader election, certwatcher)', () => {
    expect([...reading.controllers.keys()]).toEqual(['dojo', 'kafkatopic']);
  });

  it('sums workqueue series across the priority label', () => {
    expect(dojo.depth).toBe(7);
    expect(dojo.adds).toBe(47);
    expect(dojo.queueDuration?.find((b) => b.le === 0.001)?.count).toBe(20);
    expect(dojo.queueDuration?.at(-1)).toEqual({ le: Infinity, count: 47 });
  });

  it('reads reconciles by result, errors, workers and the longest running processor', () => {
    expect(dojo).toMatchObject({
      reconciles: { error: 3, requeue: 0, requeue_after: 2, success: 35 },
      errors: 3,
      retries: 3,
      activeWorkers: 1,
      maxConcurrentReconciles: 2,
      longestRunningProcessorSeconds: 0.012,
      unfinishedWorkSeconds: 0.012,
    });
    expect(dojo.reconcileTime).toHaveLength(41);
    expect(dojo.workDuration?.find((b) => b.le === 9.999999999999999e-5)?.count).toBe(0);
  });

  it('adds up REST client requests by status code across methods and hosts', () => {
    expect([...reading.restClientRequests]).toEqual([
      ['200', 155],
      ['201', 4],
      ['409', 3],
    ]);
  });
});

describe('the exposition parser', () => {
  it('keeps labelled histogram series apart (the library alone would flatten them into one)', () => {
    const text = [
      '# TYPE d histogram',
      'd_bucket{controller="a",le="1"} 1',
      'd_bucket{controller="a",le="+Inf"} 2',
      'd_sum{controller="a"} 3',
      'd_count{controller="a"} 2',
      'd_bucket{controller="b",le="1"} 5',
      'd_bucket{controller="b",le="+Inf"} 5',
      'd_sum{controller="b"} 1',
      'd_count{controller="b"} 5',
    ].join('\n');
    expect(parseExposition(text).histograms('d')).toEqual([
      {
        labels: { controller: 'a' },
        buckets: [
          { le: 1, count: 1 },
          { le: Infinity, count: 2 },
        ],
        sum: 3,
        count: 2,
      },
      {
        labels: { controller: 'b' },
        buckets: [
          { le: 1, count: 5 },
          { le: Infinity, count: 5 },
        ],
        sum: 1,
        count: 5,
      },
    ]);
  });

  it('keeps the last sample of a text that does not end in a newline, and unescapes label values', () => {
    const samples = parseExposition('# TYPE g gauge\ng{path="C:\\\\DIR",x="a\\"b"} 4').samples('g');
    expect(samples).toEqual([{ labels: { path: 'C:\\DIR', x: 'a"b' }, value: 4 }]);
  });

  it('refuses text that is not the exposition format, saying where and never what was there', () => {
    expect(() => parseExposition('<!doctype html>\n<html lang="en">\n')).toThrow(
      'not the Prometheus text format: line 1 (byte offset 0): expected a metric name',
    );
    expect(() => parseExposition('# TYPE d gauge\nworkqueue_depth{name="a"} lots\n')).toThrow(
      'not the Prometheus text format: line 2 (byte offset 41): expected a number as the value',
    );
    expect(() => parseExposition('# TYPE a counter extra\n')).toThrow(/line 1 \(byte offset 0\): expected # TYPE, a metric name and a type/);
  });
});
