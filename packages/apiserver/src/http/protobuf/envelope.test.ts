import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import { apiVersionOfInfo } from '../../registry/resource-info.ts';
import { builtinSamples, podStatusSample } from '../../testing/builtin-samples.ts';
import { decodeObject, encodeObject, messageOf } from './envelope.ts';

const roundTrip = (obj: { apiVersion: string; kind: string; [field: string]: unknown }) =>
  decodeObject(encodeObject(obj), { apiVersion: obj.apiVersion, kind: obj.kind });

describe('the protobuf envelope', () => {
  it('has a message for every served built-in kind and its list (create-only reviews have no list)', () => {
    for (const info of builtinResources) {
      expect(messageOf(apiVersionOfInfo(info), info.kind), info.kind).toBeDefined();
      if (!info.createOnly) expect(messageOf(apiVersionOfInfo(info), info.listKind), info.listKind).toBeDefined();
    }
  });

  it('has none for custom resources or Table, which stay JSON', () => {
    expect(messageOf('core.jutsu.com/v1', 'Dojo')).toBeUndefined();
    expect(messageOf('meta.k8s.io/v1', 'Table')).toBeUndefined();
  });

  it.each(Object.entries(builtinSamples))('gives back exactly the JSON of a %s', (_, sample) => {
    expect(roundTrip(sample as { apiVersion: string; kind: string })).toEqual(sample);
  });

  it('keeps a pod status with times, states and conditions', () => {
    const pod = { ...builtinSamples.Pod!, status: podStatusSample };
    expect(roundTrip(pod as { apiVersion: string; kind: string })).toEqual(pod);
  });

  it('encodes lists, Status, DeleteOptions, Scale and PartialObjectMetadataList with managed fields', () => {
    const list = {
      apiVersion: 'v1',
      kind: 'ConfigMapList',
      metadata: { resourceVersion: '42', continue: 'abc', remainingItemCount: 0 },
      items: [{ metadata: { name: 'a' }, data: { x: 'y' } }],
    };
    expect(roundTrip(list)).toEqual(list);
    const status = {
      apiVersion: 'v1',
      kind: 'Status',
      metadata: {},
      status: 'Failure',
      message: 'bad',
      reason: 'Invalid',
      details: { name: 'x', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', message: 'no', field: 'data' }], retryAfterSeconds: 1 },
      code: 422,
    };
    expect(roundTrip(status)).toEqual(status);
    const options = {
      apiVersion: 'meta.k8s.io/v1',
      kind: 'DeleteOptions',
      gracePeriodSeconds: 0,
      propagationPolicy: 'Foreground',
      preconditions: { uid: 'u' },
      dryRun: ['All'],
    };
    expect(roundTrip(options)).toEqual(options);
    const scale = {
      apiVersion: 'autoscaling/v1',
      kind: 'Scale',
      metadata: { name: 'd', namespace: 'n' },
      spec: { replicas: 3 },
      status: { replicas: 2, selector: 'app=d' },
    };
    expect(roundTrip(scale)).toEqual(scale);
    // Scale's replicas is a plain int32 with omitempty: zero leaves JSON, as Go marshals it.
    expect(roundTrip({ ...scale, spec: { replicas: 0 } })).toMatchObject({ spec: {} });
    const partial = {
      apiVersion: 'meta.k8s.io/v1',
      kind: 'PartialObjectMetadataList',
      metadata: { resourceVersion: '7' },
      items: [
        {
          metadata: {
            name: 'a',
            generation: 2,
            deletionGracePeriodSeconds: 0,
            finalizers: ['example.com/f'],
            managedFields: [
              {
                manager: 'kubectl',
                operation: 'Apply',
                apiVersion: 'v1',
                time: '2026-01-02T03:04:05Z',
                fieldsType: 'FieldsV1',
                fieldsV1: { 'f:data': { 'f:x': {} } },
              },
            ],
          },
        },
      ],
    };
    expect(roundTrip(partial)).toEqual(partial);
  });

  it('answers 400 for a body without the magic prefix or with a broken message', () => {
    const defaults = { apiVersion: 'v1', kind: 'ConfigMap' };
    expect(() => decodeObject(Buffer.from('{"kind":"ConfigMap"}'), defaults)).toThrow(/expected prefix \[107 56 115 0\]/);
    const broken = encodeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } as never).subarray(0, 12);
    expect(() => decodeObject(broken, defaults)).toThrowError(expect.objectContaining({ code: 400 }));
  });

  it('takes apiVersion and kind from the URL when the envelope leaves them empty', () => {
    const bytes = encodeObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } } as never);
    const decoded = decodeObject(bytes, { apiVersion: 'v1', kind: 'ConfigMap' });
    expect(decoded).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } });
  });
});
