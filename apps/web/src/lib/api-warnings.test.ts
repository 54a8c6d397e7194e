import { describe, expect, it } from 'vitest';
import { ApiWarningStore } from './api-warnings.ts';

const deprecated = 'kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic';

describe('ApiWarningStore', () => {
  it('shows each reported text once, with the request that got it', () => {
    const store = new ApiWarningStore();
    store.report([deprecated], 'POST /apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics');
    expect(store.snapshot()).toEqual([{ text: deprecated, source: 'POST /apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics', count: 1 }]);
  });

  it('counts a repeated text up and keeps the latest request, instead of adding a second notice', () => {
    const store = new ApiWarningStore();
    store.report([deprecated], 'GET /a');
    store.report([deprecated, deprecated], 'POST /b');
    expect(store.snapshot()).toEqual([{ text: deprecated, source: 'POST /b', count: 2 }]);
  });

  it('keeps a dismissed text hidden when it comes again, but shows other texts', () => {
    const store = new ApiWarningStore();
    store.report([deprecated], 'GET /a');
    store.dismiss(deprecated);
    store.report([deprecated, 'another'], 'GET /a');
    expect(store.snapshot().map((w) => w.text)).toEqual(['another']);
  });

  it('keeps the newest notices up to its limit', () => {
    const store = new ApiWarningStore({ limit: 2 });
    store.report(['one', 'two', 'three'], 'GET /a');
    expect(store.snapshot().map((w) => w.text)).toEqual(['two', 'three']);
  });

  it('tells subscribers about changes only, and keeps the snapshot identity in between', () => {
    const store = new ApiWarningStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.report([], 'GET /a');
    store.dismiss('never shown');
    expect(calls).toBe(0);
    store.report([deprecated], 'GET /a');
    const first = store.snapshot();
    expect(calls).toBe(1);
    expect(store.snapshot()).toBe(first);
    unsubscribe();
    store.report(['more'], 'GET /a');
    expect(calls).toBe(1);
  });
});
