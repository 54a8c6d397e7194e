import { describe, expect, it } from 'vitest';
import { secretChanges } from './secret-changes.ts';

const shown = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'db', namespace: 'default', resourceVersion: '42', labels: { app: 'db' } },
  type: 'Opaque',
  data: { password: '<redacted>', user: '<redacted>' },
};

describe('secretChanges', () => {
  it('sends only the keys the person changed, never a value shown as <redacted>', () => {
    const draft = { ...shown, data: { ...shown.data, user: 'cm9vdA==' } };
    expect(secretChanges(shown, draft)).toEqual({ data: { user: 'cm9vdA==' }, metadata: { resourceVersion: '42' } });
  });

  it('removes a key the person deleted and adds one they typed, with the labels they changed', () => {
    const draft = {
      ...shown,
      metadata: { ...shown.metadata, labels: { app: 'db', tier: 'a' } },
      data: { password: '<redacted>' },
      stringData: { token: 'plain' },
    };
    expect(secretChanges(shown, draft)).toEqual({
      metadata: { labels: { tier: 'a' }, resourceVersion: '42' },
      data: { user: null },
      stringData: { token: 'plain' },
    });
  });

  it('sends nothing but the resourceVersion when nothing changed', () => {
    expect(secretChanges(shown, structuredClone(shown))).toEqual({ metadata: { resourceVersion: '42' } });
  });
});
