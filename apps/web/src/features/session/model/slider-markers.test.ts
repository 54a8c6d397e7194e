import { describe, expect, it } from 'vitest';
import type { RecordingActivity } from '@dojo/console-protocol';
import { sliderMarkers } from './slider-markers.ts';

const clock = (at: number) => `t${at}`;
const activity = (times: Partial<RecordingActivity['times']>): RecordingActivity => ({
  times: { reconcile: [], conflict: [], write: [], ...times },
  truncated: false,
});

describe('sliderMarkers', () => {
  it('puts one tick per slice where something happened, counting each kind, and none where nothing did', () => {
    const markers = sliderMarkers(activity({ reconcile: [1, 2, 3], write: [2, 95], conflict: [] }), { from: 0, to: 100 }, 10, clock);
    expect(markers).toHaveLength(2);
    expect(markers[0]).toMatchObject({
      position: 0.05,
      counts: { reconcile: 3, conflict: 0, write: 1 },
      strongest: 'reconcile',
      label: 't3: 3 reconciles, 1 write',
    });
    expect(markers[1]).toMatchObject({ position: 0.95, counts: { reconcile: 0, conflict: 0, write: 1 }, strongest: 'write', label: 't95: 1 write' });
  });

  it('shows a conflict over the reconciles and writes of its slice', () => {
    const [marker] = sliderMarkers(activity({ reconcile: [10, 11], conflict: [12], write: [13] }), { from: 0, to: 100 }, 4, clock);
    expect(marker).toMatchObject({ strongest: 'conflict', label: 't13: 2 reconciles, 1 conflict, 1 write' });
  });

  it("goes to the slice's last event, so the instant shown includes everything the tick counts", () => {
    const [marker] = sliderMarkers(activity({ write: [40, 44, 42] }), { from: 0, to: 100 }, 2, clock);
    expect(marker!.at).toBe(44);
  });

  it("counts the recording's last instant in its last slice, and leaves out times outside the span", () => {
    const markers = sliderMarkers(activity({ reconcile: [-5, 100, 120] }), { from: 0, to: 100 }, 5, clock);
    expect(markers).toEqual([expect.objectContaining({ position: 0.9, counts: { reconcile: 1, conflict: 0, write: 0 } })]);
  });

  it('draws nothing for a recording where nothing happened', () => {
    expect(sliderMarkers(activity({}), { from: 0, to: 0 }, 60, clock)).toEqual([]);
  });
});
