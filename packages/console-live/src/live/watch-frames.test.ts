import { describe, expect, it } from 'vitest';
import { EncodedWatchEvent } from './watch-frames.ts';

describe('watch-event frames', () => {
  const event = {
    type: 'MODIFIED' as const,
    object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ü "quoted"', resourceVersion: '7' }, data: { a: 'line\nbreak' } },
  };

  it('are the JSON of the message itself, whatever the id holds', () => {
    const encoded = new EncodedWatchEvent(event);
    for (const id of ['cm', 'with "quotes" and \\ backslash', 'ünïcödé ☃']) {
      expect(encoded.frameFor(id).toString('utf8')).toBe(JSON.stringify({ id, type: 'watch-event', event }));
    }
  });

  it('are built once per subscription id and shared by every subscription with that id', () => {
    const encoded = new EncodedWatchEvent(event);
    expect(encoded.frameFor('s1')).toBe(encoded.frameFor('s1'));
    expect(encoded.frameFor('s1')).not.toBe(encoded.frameFor('s2'));
  });
});
