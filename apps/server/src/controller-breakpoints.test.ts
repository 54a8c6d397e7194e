import { describe, expect, it } from 'vitest';
import { Controller, FakeClock, Journal } from '@dojo/runtime';
import { replaceBreakpoints } from './controller-breakpoints.ts';

function setup() {
  const clock = new FakeClock();
  const journal = new Journal({ clock });
  const controller = new Controller({ name: 'dojo', reconciler: { reconcile: async () => undefined }, journal, clock });
  const changes = () => journal.query({ types: ['debug'] }).records.map((r) => (r.type === 'debug' ? `${r.action} ${r.key}` : ''));
  return { controller, changes };
}

describe('replaceBreakpoints', () => {
  it('makes the breakpoints exactly the keys given', () => {
    const { controller } = setup();
    replaceBreakpoints(controller, ['ns/a', 'ns/b']);
    replaceBreakpoints(controller, ['ns/b', 'ns/c']);
    expect([...controller.state().breakpoints].sort()).toEqual(['ns/b', 'ns/c']);
  });

  it('clears the keys no longer listed and sets only the new ones', () => {
    const { controller, changes } = setup();
    replaceBreakpoints(controller, ['ns/a', 'ns/b']);
    replaceBreakpoints(controller, ['ns/b', 'ns/c']);
    expect(changes()).toEqual(['breakpoint-set ns/a', 'breakpoint-set ns/b', 'breakpoint-cleared ns/a', 'breakpoint-set ns/c']);
  });

  it('clears every breakpoint when given none', () => {
    const { controller } = setup();
    replaceBreakpoints(controller, ['ns/a']);
    replaceBreakpoints(controller, []);
    expect(controller.state().breakpoints).toEqual([]);
  });
});
