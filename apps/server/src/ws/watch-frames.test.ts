import { describe, expect, it } from 'vitest';
import { encodeWatchEvent, watchEventFrames } from './watch-frames.ts';

describe('watch-event frames', () => {
  it('are the JSON of the message itself, whatever the id holds', () => {
    const event = { type: 'MODIFIED' as const, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ü "quoted"', resourceVersion: '7' }, data: { a: 'line\nbreak' } } };
    for (const id of ['cm', 'with "quotes" and \\ backslash', 'ünïcödé ☃']) {
      const frame = watchEventFrames(id)(encodeWatchEvent(event));
      expect(frame).toBe(JSON.stringify({ id, type: 'watch-event', event }));
    }
  });
});
