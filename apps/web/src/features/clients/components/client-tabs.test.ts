import { describe, expect, it } from 'vitest';
import { clientTabs, defaultClientTab } from './client-tabs.tsx';

describe('the client page tabs', () => {
  it('have one row each, with a unique id, the default among them', () => {
    const ids = clientTabs.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(defaultClientTab);
  });
});
