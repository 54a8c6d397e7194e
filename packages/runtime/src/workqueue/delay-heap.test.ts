import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DelayHeap, type DelayedNode } from './delay-heap.ts';

const node = (key: string, readyAt: number, order: number): DelayedNode => ({
  key,
  readyAt,
  order,
  index: -1,
  triggers: [],
  droppedTriggers: 0,
});

describe('DelayHeap', () => {
  it('pops keys by ready time, ties in arrival order, also after a key moves earlier', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50), { maxLength: 60 }), fc.array(fc.nat(59)), (times, moves) => {
        const heap = new DelayHeap();
        const nodes = times.map((t, i) => node(`k${i}`, t, i));
        nodes.forEach((n) => heap.push(n));
        for (const m of moves) {
          const n = nodes[m];
          if (n && n.readyAt > 0) {
            n.readyAt -= 1;
            heap.movedEarlier(n);
          }
        }
        const popped: DelayedNode[] = [];
        for (let n = heap.pop(); n; n = heap.pop()) popped.push(n);
        const expected = [...nodes].sort((a, b) => a.readyAt - b.readyAt || a.order - b.order);
        expect(popped.map((n) => n.key)).toEqual(expected.map((n) => n.key));
      }),
    );
  });
});
