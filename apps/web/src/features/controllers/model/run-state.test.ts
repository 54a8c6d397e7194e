import { describe, expect, it } from 'vitest';
import { runState } from './run-state.ts';

const held = (key: string) => ({ worker: 0, key });

describe('runState', () => {
  it('says Running when the workers take keys', () => {
    expect(runState({ paused: false, heldAtBreakpoint: [] })).toEqual({ label: 'Running', tone: 'good' });
  });

  it('says Paused when the person paused it and nothing is held', () => {
    expect(runState({ paused: true, heldAtBreakpoint: [] })).toEqual({ label: 'Paused', tone: 'unknown' });
  });

  it('says a breakpoint stopped it, and how many keys it holds, rather than plain "Paused"', () => {
    expect(runState({ paused: true, heldAtBreakpoint: [held('default/a')] })).toEqual({
      label: 'Stopped at a breakpoint',
      tone: 'busy',
      detail: '1 key held at a breakpoint',
    });
  });

  it('names keys held while running (a continue in flight) as such', () => {
    expect(runState({ paused: false, heldAtBreakpoint: [held('a'), held('b')] })).toEqual({
      label: 'Running',
      tone: 'good',
      detail: '2 keys held at a breakpoint',
    });
  });
});
