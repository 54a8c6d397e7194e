import { describe, expect, it } from 'vitest';
import type { ContainerStatus } from '../core/workload-types.ts';
import { phaseOf } from './kubelet-memory.ts';

const exited = (exitCode: number): ContainerStatus => ({
  name: 'c',
  image: 'x',
  imageID: '',
  ready: false,
  restartCount: 0,
  state: { terminated: { exitCode, reason: exitCode === 0 ? 'Completed' : 'Error' } },
  lastState: {},
});

describe('the phase a restarted kubelet reads back from a container status', () => {
  it('keeps an exited container exited when its Pod does not restart it', () => {
    expect(phaseOf(exited(0), 'Never')).toBe('succeeded');
    expect(phaseOf(exited(0), 'OnFailure')).toBe('succeeded');
    expect(phaseOf(exited(1), 'Never')).toBe('failed');
  });

  it('restarts an exited container through CrashLoopBackOff when its Pod restarts it', () => {
    expect(phaseOf(exited(1), 'OnFailure')).toBe('crash-loop');
    expect(phaseOf(exited(0), 'Always')).toBe('crash-loop');
    expect(phaseOf(exited(0))).toBe('crash-loop');
  });
});
