import { FakeClock } from '@dojo/runtime';
import { describe, expect, it } from 'vitest';
import { Expectations } from './expectations.ts';

describe('Expectations', () => {
  it('is satisfied for a key nothing was expected of', () => {
    expect(new Expectations(new FakeClock()).satisfied('ns/web')).toBe(true);
  });

  it('waits until every expected creation was observed', () => {
    const expectations = new Expectations(new FakeClock());
    expectations.expectCreations('ns/web', 2);
    expectations.creationObserved('ns/web');
    expect(expectations.satisfied('ns/web')).toBe(false);
    expectations.creationObserved('ns/web');
    expect(expectations.satisfied('ns/web')).toBe(true);
  });

  it('tracks deletions by pod, so a repeated delete event does not count twice', () => {
    const expectations = new Expectations(new FakeClock());
    expectations.expectDeletions('ns/web', ['ns/a', 'ns/b']);
    expectations.deletionObserved('ns/web', 'ns/a');
    expectations.deletionObserved('ns/web', 'ns/a');
    expect(expectations.satisfied('ns/web')).toBe(false);
    expectations.deletionObserved('ns/web', 'ns/b');
    expect(expectations.satisfied('ns/web')).toBe(true);
  });

  it('gives up waiting after the timeout, so a lost event cannot wedge a ReplicaSet', () => {
    const clock = new FakeClock();
    const expectations = new Expectations(clock, 1000);
    expectations.expectCreations('ns/web', 3);
    clock.step(1001);
    expect(expectations.satisfied('ns/web')).toBe(true);
  });
});
