import { describe, expect, it } from 'vitest';
import type { Job } from '../core/batch-types.ts';
import type { Pod } from '../core/workload-types.ts';
import {
  backoffLimitExceeded,
  formatIndexes,
  parseIndexes,
  podFailureBackoffMs,
  podsToCreate,
  successCriteriaMet,
  withCondition,
  newCondition,
} from './job-rules.ts';

function job(spec: Partial<Job['spec']> = {}, restartPolicy = 'Never'): Job {
  return { metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy, containers: [{ name: 'c' }] } }, ...spec } };
}
const progress = (succeeded: number, active: number, succeededIndexes: number[] = [], activeIndexes: number[] = []) => ({
  succeeded,
  failed: 0,
  active,
  succeededIndexes: new Set(succeededIndexes),
  activeIndexes: new Set(activeIndexes),
});
function runningPod(restarts: number): Pod {
  return {
    metadata: {},
    spec: { containers: [] },
    status: { phase: 'Running', containerStatuses: [{ name: 'c', image: '', imageID: '', ready: true, restartCount: restarts, state: {}, lastState: {} }] },
  };
}

describe('the Job rules', () => {
  it('want no more Pods at once than parallelism, nor more than the completions left', () => {
    expect(podsToCreate(job({ completions: 5, parallelism: 2 }), progress(0, 0)).count).toBe(2);
    expect(podsToCreate(job({ completions: 5, parallelism: 2 }), progress(4, 0)).count).toBe(1);
    expect(podsToCreate(job({ completions: 5, parallelism: 2 }), progress(3, 2)).count).toBe(0);
  });

  it('without completions, run parallelism Pods until the first one succeeds', () => {
    expect(podsToCreate(job({ parallelism: 3 }), progress(0, 1)).count).toBe(2);
    expect(podsToCreate(job({ parallelism: 3 }), progress(1, 2)).count).toBe(0);
    expect(successCriteriaMet(job({ parallelism: 3 }), progress(1, 2))).toBe(false);
    expect(successCriteriaMet(job({ parallelism: 3 }), progress(1, 0))).toBe(true);
  });

  it('in Indexed mode want the lowest indexes neither succeeded nor running', () => {
    const indexed = job({ completions: 5, parallelism: 3, completionMode: 'Indexed' });
    expect(podsToCreate(indexed, progress(1, 1, [0], [2]))).toEqual({ count: 2, indexes: [1, 3] });
    expect(successCriteriaMet(indexed, progress(5, 0, [0, 1, 2, 3, 4]))).toBe(true);
  });

  it('write completed indexes as kube does, runs of three or more as ranges', () => {
    expect(formatIndexes([5, 0, 1, 2, 7, 8])).toBe('0-2,5,7,8');
    expect([...parseIndexes('0-2,5,7,8')]).toEqual([0, 1, 2, 5, 7, 8]);
    expect(formatIndexes([])).toBe('');
  });

  it('fail a Job once more Pods failed than backoffLimit, or OnFailure restarts reach it', () => {
    expect(backoffLimitExceeded(job({ backoffLimit: 2 }), 2, [])).toBe(false);
    expect(backoffLimitExceeded(job({ backoffLimit: 2 }), 3, [])).toBe(true);
    expect(backoffLimitExceeded(job({ backoffLimit: 2 }, 'OnFailure'), 0, [runningPod(2)])).toBe(true);
    expect(backoffLimitExceeded(job({ backoffLimit: 0 }, 'OnFailure'), 0, [runningPod(1)])).toBe(true);
    expect(backoffLimitExceeded(job({ backoffLimit: 2 }, 'Never'), 0, [runningPod(5)])).toBe(false);
  });

  it('wait before replacing failed Pods, doubling per failure up to the maximum', () => {
    const backoff = { baseMs: 10_000, maxMs: 600_000 };
    expect([0, 1, 2, 3, 10].map((n) => podFailureBackoffMs(n, backoff))).toEqual([0, 10_000, 20_000, 40_000, 600_000]);
  });

  it('change a condition only when its status changes, keeping its transition time otherwise', () => {
    const suspended = newCondition('Suspended', 'True', 'JobSuspended', 'Job suspended', 0);
    expect(withCondition([suspended], newCondition('Suspended', 'True', 'JobSuspended', 'Job suspended', 5000))).toEqual([suspended]);
    expect(withCondition([suspended], newCondition('Suspended', 'False', 'JobResumed', 'Job resumed', 5000))[0]).toMatchObject({
      status: 'False',
      lastTransitionTime: '1970-01-01T00:00:05Z',
    });
  });
});
