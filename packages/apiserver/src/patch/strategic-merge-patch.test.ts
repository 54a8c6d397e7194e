import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';

const deploymentMeta = builtinPatchMeta('apps/v1', 'Deployment');
const podMeta = builtinPatchMeta('v1', 'Pod');

function deployment(containers: object[], extra: object = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { replicas: 2, template: { spec: { containers } }, ...extra },
  };
}

const containersOf = (obj: { spec: { template: { spec: { containers: unknown[] } } } }) => obj.spec.template.spec.containers;

function failure(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a StatusError');
}

describe('applyStrategicMergePatch on lists merged by key', () => {
  it('changes one container by name and keeps the others, as kubectl apply sends it', () => {
    const live = deployment([
      { name: 'nginx', image: 'nginx:1.25', ports: [{ containerPort: 80 }] },
      { name: 'sidecar', image: 'envoy:1' },
    ]);
    const patch = {
      spec: {
        template: {
          spec: {
            '$setElementOrder/containers': [{ name: 'nginx' }, { name: 'sidecar' }],
            containers: [{ name: 'nginx', image: 'nginx:1.26' }],
          },
        },
      },
    };
    expect(containersOf(applyStrategicMergePatch(live, patch, deploymentMeta))).toEqual([
      { name: 'nginx', image: 'nginx:1.26', ports: [{ containerPort: 80 }] },
      { name: 'sidecar', image: 'envoy:1' },
    ]);
  });

  it('puts a new item first without an order directive, and where $setElementOrder says with one', () => {
    const live = deployment([{ name: 'nginx', image: 'nginx' }]);
    const added = { name: 'sidecar', image: 'envoy' };
    const plain = applyStrategicMergePatch(live, { spec: { template: { spec: { containers: [added] } } } }, deploymentMeta);
    expect(containersOf(plain).map((c) => (c as { name: string }).name)).toEqual(['sidecar', 'nginx']);
    const ordered = applyStrategicMergePatch(
      live,
      { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'nginx' }, { name: 'sidecar' }], containers: [added] } } } },
      deploymentMeta,
    );
    expect(containersOf(ordered).map((c) => (c as { name: string }).name)).toEqual(['nginx', 'sidecar']);
  });

  it('reorders a list with $setElementOrder alone', () => {
    const live = deployment([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'c' }, { name: 'a' }, { name: 'b' }] } } } };
    expect(containersOf(applyStrategicMergePatch(live, patch, deploymentMeta))).toEqual([{ name: 'c' }, { name: 'a' }, { name: 'b' }]);
  });

  it('deletes one env entry with $patch: delete', () => {
    const live = deployment([
      {
        name: 'app',
        env: [
          { name: 'DEBUG', value: '1' },
          { name: 'PORT', value: '80' },
        ],
      },
    ]);
    const patch = {
      spec: {
        template: {
          spec: {
            '$setElementOrder/containers': [{ name: 'app' }],
            containers: [{ name: 'app', '$setElementOrder/env': [{ name: 'PORT' }], env: [{ name: 'DEBUG', $patch: 'delete' }] }],
          },
        },
      },
    };
    expect(containersOf(applyStrategicMergePatch(live, patch, deploymentMeta))).toEqual([{ name: 'app', env: [{ name: 'PORT', value: '80' }] }]);
  });

  it('replaces a whole list with a $patch: replace item', () => {
    const live = deployment([{ name: 'a' }, { name: 'b' }]);
    const patch = { spec: { template: { spec: { containers: [{ name: 'only', image: 'x' }, { $patch: 'replace' }] } } } };
    expect(containersOf(applyStrategicMergePatch(live, patch, deploymentMeta))).toEqual([{ name: 'only', image: 'x' }]);
  });

  it('merges container ports by containerPort', () => {
    const live = { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, name: 'http' }] }] } };
    const patch = { spec: { containers: [{ name: 'c', ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 443 }] }] } };
    expect(applyStrategicMergePatch(live, patch, podMeta).spec.containers[0]?.ports).toEqual([
      { containerPort: 80, name: 'http', protocol: 'TCP' },
      { containerPort: 443 },
    ]);
  });

  it('replaces lists that have no merge strategy, such as tolerations', () => {
    const live = { spec: { tolerations: [{ key: 'a', operator: 'Exists' }] } };
    const patch = { spec: { tolerations: [{ key: 'b', operator: 'Exists' }] } };
    expect(applyStrategicMergePatch(live, patch, podMeta).spec.tolerations).toEqual([{ key: 'b', operator: 'Exists' }]);
  });
});

describe('applyStrategicMergePatch on finalizers, a merged list of scalars', () => {
  const live = { metadata: { name: 'ns', finalizers: ['a', 'b'] } };
  const meta = builtinPatchMeta('v1', 'ConfigMap');

  it('adds values as a set, new ones first', () => {
    expect(applyStrategicMergePatch(live, { metadata: { finalizers: ['c', 'a'] } }, meta).metadata.finalizers).toEqual(['c', 'a', 'b']);
  });

  it('removes values with $deleteFromPrimitiveList', () => {
    expect(applyStrategicMergePatch(live, { metadata: { '$deleteFromPrimitiveList/finalizers': ['a'] } }, meta).metadata.finalizers).toEqual(['b']);
  });
});

describe('applyStrategicMergePatch on maps', () => {
  it('keeps only the listed keys with $retainKeys when switching a Deployment to Recreate', () => {
    const live = deployment([], { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } });
    const patch = { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } };
    const { spec } = applyStrategicMergePatch(live, patch, deploymentMeta);
    expect((spec as { strategy?: unknown }).strategy).toEqual({ type: 'Recreate' });
  });

  it('replaces a map with $patch: replace and deletes a key with null', () => {
    const live = { metadata: { labels: { a: '1', b: '2' }, annotations: { x: '1', y: '2' } } };
    const patch = { metadata: { labels: { $patch: 'replace', c: '3' }, annotations: { x: null } } };
    expect(applyStrategicMergePatch(live, patch, podMeta).metadata).toEqual({ labels: { c: '3' }, annotations: { y: '2' } });
  });

  it('drops nulls and directives from values that did not exist before', () => {
    const patch = { spec: { securityContext: { runAsUser: 1000, fsGroup: null }, containers: [{ name: 'c', env: [{ name: 'X', $patch: 'delete' }] }] } };
    expect(applyStrategicMergePatch({ spec: {} }, patch, podMeta)).toEqual({
      spec: { securityContext: { runAsUser: 1000 }, containers: [{ name: 'c', env: [] }] },
    });
  });

  it('does not mutate the original or the patch', () => {
    const live = deployment([{ name: 'a', image: 'x' }]);
    const patch = { spec: { template: { spec: { containers: [{ name: 'a', image: 'y' }] } } } };
    const [liveCopy, patchCopy] = [structuredClone(live), structuredClone(patch)];
    applyStrategicMergePatch(live, patch, deploymentMeta);
    expect(live).toEqual(liveCopy);
    expect(patch).toEqual(patchCopy);
  });
});

describe('applyStrategicMergePatch errors', () => {
  it('answers a $retainKeys that omits a patched key with 400', () => {
    const err = failure(() => applyStrategicMergePatch(deployment([]), { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: {} } } }, deploymentMeta));
    expect([err.code, err.message]).toEqual([400, 'invalid patch format of retainKeys']);
  });

  it('answers lists of lists with 422', () => {
    const err = failure(() => applyStrategicMergePatch({ metadata: { finalizers: [] } }, { metadata: { finalizers: [['b']] } }, podMeta));
    expect(err.code).toBe(422);
    expect(err.cause).toBe('lists of lists are not supported');
  });

  it('answers an item without its merge key with the Go error text as a 400 (kube: 500)', () => {
    const err = failure(() =>
      applyStrategicMergePatch(deployment([{ name: 'a' }]), { spec: { template: { spec: { containers: [{ image: 'x' }] } } } }, deploymentMeta),
    );
    expect([err.code, err.reason, err.message]).toEqual([400, 'BadRequest', 'map: map[image:x] does not contain declared merge key: name']);
  });

  it('answers a body that is not an object with 400', () => {
    expect(failure(() => applyStrategicMergePatch({}, [1], podMeta)).message).toBe(
      'json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
  });

  it('patches nothing with a body of null, which Go decodes into the patch map as no change (kube-apiserver answers 200)', () => {
    const original = { metadata: { name: 'a' }, data: { k: 'v' } };
    expect(applyStrategicMergePatch(original, null, podMeta)).toEqual(original);
    expect(failure(() => applyStrategicMergePatch({}, 7, podMeta)).message).toBe('json: cannot unmarshal number into Go value of type map[string]interface {}');
  });
});
