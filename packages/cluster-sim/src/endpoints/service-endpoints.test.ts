import { describe, expect, it } from 'vitest';
import type { Service } from '../core/service-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { wantedSlices } from './endpoint-slices.ts';
import { endpointSubsets, findPort, portsKey } from './service-endpoints.ts';

const service = (spec: Partial<Service['spec']> = {}): Service => ({
  metadata: { name: 'web', namespace: 'shop' },
  spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }], ...spec },
});

function pod(
  name: string,
  ip: string,
  options: { ready?: boolean; port?: number; phase?: 'Running' | 'Succeeded'; deleting?: boolean; app?: string } = {},
): Pod {
  return {
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      labels: { app: options.app ?? 'web' },
      ...(options.deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: { nodeName: 'node-1', containers: [{ name: 'app', ports: options.port === undefined ? [] : [{ name: 'http', containerPort: options.port }] }] },
    status: { phase: options.phase ?? 'Running', podIP: ip, conditions: [{ type: 'Ready', status: options.ready === false ? 'False' : 'True' }] },
  };
}

describe('the endpoints of a Service', () => {
  it("resolve a named target port from each Pod's container ports, leaving out Pods without it", () => {
    expect(findPort(pod('a', '10.0.0.1', { port: 8080 }), { port: 80, targetPort: 'http' })).toBe(8080);
    expect(findPort(pod('a', '10.0.0.1'), { port: 80, targetPort: 'http' })).toBeUndefined();
    expect(findPort(pod('a', '10.0.0.1'), { port: 80 })).toBe(80);
  });

  it('list ready Pods as addresses and unready ones as notReadyAddresses, one subset per port set, by IP', () => {
    const pods = [
      pod('b', '10.0.0.12', { port: 8080 }),
      pod('a', '10.0.0.3', { port: 8080 }),
      pod('c', '10.0.0.7', { port: 8080, ready: false }),
      pod('d', '10.0.0.9', { port: 9090 }),
    ];
    expect(endpointSubsets(service(), pods)).toEqual([
      {
        addresses: [
          { ip: '10.0.0.3', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'shop', name: 'a', uid: 'uid-a' } },
          { ip: '10.0.0.12', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'shop', name: 'b', uid: 'uid-b' } },
        ],
        notReadyAddresses: [{ ip: '10.0.0.7', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'shop', name: 'c', uid: 'uid-c' } }],
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      },
      {
        addresses: [{ ip: '10.0.0.9', nodeName: 'node-1', targetRef: { kind: 'Pod', namespace: 'shop', name: 'd', uid: 'uid-d' } }],
        ports: [{ name: 'http', port: 9090, protocol: 'TCP' }],
      },
    ]);
  });

  it('leave out finished, terminating and unselected Pods, and list unready ones as ready when the Service publishes them', () => {
    const pods = [
      pod('done', '10.0.0.1', { port: 1, phase: 'Succeeded' }),
      pod('going', '10.0.0.2', { port: 1, deleting: true }),
      pod('other', '10.0.0.3', { port: 1, app: 'db' }),
      pod('warming', '10.0.0.4', { port: 1, ready: false }),
    ];
    expect(endpointSubsets(service(), pods).map((s) => [s.addresses?.length ?? 0, s.notReadyAddresses?.length ?? 0])).toEqual([[0, 1]]);
    expect(endpointSubsets(service({ publishNotReadyAddresses: true }), pods).map((s) => s.addresses?.map((a) => a.targetRef.name))).toEqual([
      ['going', 'warming'],
    ]);
  });

  it('keep terminating Pods in EndpointSlices, not ready but still serving', () => {
    const [slice] = wantedSlices(service(), [
      pod('going', '10.0.0.2', { port: 8080, deleting: true }),
      pod('warming', '10.0.0.4', { port: 8080, ready: false }),
    ]);
    expect(slice?.endpoints.map((e) => [e.targetRef.name, e.conditions])).toEqual([
      ['going', { ready: false, serving: true, terminating: true }],
      ['warming', { ready: false, serving: false, terminating: false }],
    ]);
    expect(slice?.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
  });

  it('name an unnamed port "" in EndpointSlices, as the API server stores it, so the slice is not written again', () => {
    const [slice] = wantedSlices(service({ ports: [{ port: 80, targetPort: 8080 }] }), [pod('a', '10.0.0.1')]);
    expect(slice?.ports).toEqual([{ name: '', port: 8080, protocol: 'TCP' }]);
    expect(slice?.key).toBe(portsKey([{ port: 8080 }]));
  });

  it('want one empty EndpointSlice when nothing backs the Service', () => {
    expect(wantedSlices(service(), [])).toEqual([{ key: portsKey([]), ports: [], endpoints: [] }]);
  });
});
