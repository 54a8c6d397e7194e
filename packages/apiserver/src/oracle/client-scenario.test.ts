import { describe, expect, it } from 'vitest';
import { clientScenarioSteps, type ScenarioLine } from './client-scenario.ts';
import type { Target } from './differential.ts';

/** A target that has the widgets CRD Established at once; clients are what this file exercises. */
function target(name: Target['name']): Target {
  return {
    name,
    kubeconfigPath: `/nowhere/${name}`,
    kubectl: {
      run: () => Promise.reject(new Error('no kubectl here')),
      spawn: () => {
        throw new Error('no kubectl here');
      },
    },
    call: (method) =>
      Promise.resolve({
        status: method === 'POST' ? 201 : 200,
        headers: {},
        raw: Buffer.alloc(0),
        body: { status: { conditions: [{ type: 'Established', status: 'True' }] } },
      }),
  };
}

describe('steps made from a client scenario', () => {
  it('runs the scenario once per server and makes each action one step, its line normalized', async () => {
    let runs = 0;
    const steps = clientScenarioSteps('test client', ['create', 'get'], () => {
      runs++;
      return Promise.resolve<ScenarioLine[]>([
        { action: 'create', result: { metadata: { resourceVersion: '17' } } },
        { action: 'get', error: { code: 404 } },
      ]);
    });
    const server = target('embedded');
    expect(steps.map((s) => s.name)).toEqual(['test client: create', 'test client: get', 'test client: every action printed has a step']);
    expect(JSON.parse(await steps[0]!.observe(server))).toEqual({ result: { metadata: { resourceVersion: '<rv-1>' } } });
    expect(JSON.parse(await steps[1]!.observe(server))).toEqual({ error: { code: 404 } });
    expect(runs).toBe(1);
  });

  it('fails a step whose action the client never printed, rather than comparing two absences', async () => {
    const [step] = clientScenarioSteps('test client', ['missing'], () => Promise.resolve([]));
    await expect(step!.observe(target('kube-apiserver'))).rejects.toThrow('test client printed no line for "missing" against kube-apiserver');
  });

  it('fails when the client printed an action no step reads', async () => {
    const steps = clientScenarioSteps('test client', ['listed'], () =>
      Promise.resolve([
        { action: 'listed', result: 1 },
        { action: 'new', result: 2 },
      ]),
    );
    await expect(steps.at(-1)!.observe(target('embedded'))).rejects.toThrow('printed actions no step reads: new');
  });
});
