import { describe, expect, it } from 'vitest';
import { controllerFigures, restClientFigures } from './controller-figures.ts';
import type { ControllerReading } from './controller-readings.ts';

const buckets = (c1: number, c2: number, inf: number) => [
  { le: 0.01, count: c1 },
  { le: 0.1, count: c2 },
  { le: Infinity, count: inf },
];

const before: ControllerReading = {
  name: 'dojo',
  depth: 4,
  adds: 100,
  retries: 10,
  errors: 5,
  reconciles: { success: 90, error: 5 },
  queueDuration: buckets(50, 100, 100),
  activeWorkers: 1,
  maxConcurrentReconciles: 2,
};

describe('figures of a scraped controller', () => {
  it('has gauges but no rates or quantiles after its first scrape', () => {
    const figures = controllerFigures('first-scrape', before, 0);
    expect(figures).toEqual({
      name: 'dojo',
      depth: 4,
      activeWorkers: 1,
      maxConcurrentReconciles: 2,
      reconcilesPerSecond: {},
      queueDuration: {},
      workDuration: {},
      reconcileTime: {},
    });
  });

  it('turns two scrapes 5 s apart into rates per second and quantiles of that window', () => {
    const after: ControllerReading = {
      ...before,
      depth: 1,
      adds: 150,
      retries: 15,
      errors: 10,
      reconciles: { success: 130, error: 10 },
      queueDuration: buckets(50, 110, 110),
    };
    const figures = controllerFigures(before, after, 5);
    expect(figures).toMatchObject({ depth: 1, addsPerSecond: 10, retriesPerSecond: 1, errorsPerSecond: 1, reconcilesPerSecond: { success: 8, error: 1 } });
    // All ten new observations fell in (0.01, 0.1]: the older fifty below 0.01 do not pull the median down.
    expect(figures.queueDuration.p50).toBeCloseTo(0.055, 12);
    expect(figures.queueDuration.p99).toBeCloseTo(0.01 + 0.09 * 0.99, 12);
  });

  it('reads a restarted operator (counters below the last scrape) as counting from zero', () => {
    const restarted: ControllerReading = { ...before, adds: 20, reconciles: { success: 10, error: 0 }, queueDuration: buckets(20, 20, 20) };
    const figures = controllerFigures(before, restarted, 10);
    expect(figures.addsPerSecond).toBe(2);
    expect(figures.reconcilesPerSecond).toEqual({ success: 1, error: 0 });
    expect(figures.queueDuration.p50).toBeCloseTo(0.005, 12);
  });

  it('counts a series that appeared since the last scrape (a controller, a result, a histogram) from zero', () => {
    const appeared = controllerFigures(undefined, { name: 'new', adds: 10, reconciles: { success: 5 }, reconcileTime: buckets(5, 5, 5) }, 5);
    expect(appeared).toMatchObject({ addsPerSecond: 2, reconcilesPerSecond: { success: 1 }, reconcileTime: { p50: 0.005 } });
  });

  it('counts REST requests by code, with a rate once there are two scrapes', () => {
    expect(restClientFigures(undefined, new Map([['200', 10]]), 0)).toEqual([{ code: '200', total: 10 }]);
    expect(
      restClientFigures(
        new Map([['200', 10]]),
        new Map([
          ['409', 2],
          ['200', 30],
        ]),
        4,
      ),
    ).toEqual([
      { code: '200', total: 30, perSecond: 5 },
      { code: '409', total: 2, perSecond: 0.5 },
    ]);
  });
});
