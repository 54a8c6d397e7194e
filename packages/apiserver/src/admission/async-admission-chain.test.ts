import { newForbidden, type KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { builtinResources } from '../registry/builtin/builtin-resources.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { asyncAdmissionChain } from './async-admission-chain.ts';
import type { AsyncAdmission } from './async-admission.ts';

const configmaps = builtinResources.find((i) => i.group === '' && i.resource === 'configmaps')!;
const attributes = (object: KubeObject): AdmissionAttributes => ({
  info: configmaps,
  resource: { group: '', version: 'v1', resource: 'configmaps' },
  kind: { group: '', version: 'v1', kind: 'ConfigMap' },
  subresource: '',
  operation: 'CREATE',
  namespace: 'default',
  name: 'cm',
  object,
  oldObject: undefined,
  dryRun: false,
  userInfo: { name: 'alice', groups: ['system:authenticated'] },
  options: {},
  observer: undefined,
});

/** A step that labels the object with its name, warns, and refuses when told to. */
function labeller(name: string, options: { handles?: boolean; refuse?: boolean } = {}): AsyncAdmission {
  return {
    handles: () => options.handles ?? true,
    async admit(a) {
      const object = { ...a.object!, metadata: { ...a.object!.metadata, labels: { ...a.object!.metadata.labels, [name]: 'yes' } } };
      return { object, changed: true, warnings: [`${name} labelled`] };
    },
    async validate() {
      if (options.refuse) throw newForbidden({ group: '', resource: 'configmaps' }, 'cm', `${name} refuses`);
      return { warnings: [`${name} validated`] };
    },
  };
}

describe('a chain of asynchronous admission steps', () => {
  it('mutates in order, each step seeing what the previous one did', async () => {
    const chain = asyncAdmissionChain(labeller('policy'), labeller('webhook'));
    const outcome = await chain.admit(attributes({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } }));
    expect(outcome.object!.metadata.labels).toEqual({ policy: 'yes', webhook: 'yes' });
    expect(outcome).toMatchObject({ changed: true, warnings: ['policy labelled', 'webhook labelled'] });
  });

  it('skips steps that do not handle the request, and handles it when any step does', async () => {
    const chain = asyncAdmissionChain(labeller('policy', { handles: false }), labeller('webhook'));
    expect(chain.handles(attributes({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }))).toBe(true);
    const outcome = await chain.admit(attributes({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } }));
    expect(outcome.object!.metadata.labels).toEqual({ webhook: 'yes' });
  });

  it('refuses with the first refusal, carrying the warnings given before it', async () => {
    const chain = asyncAdmissionChain(labeller('policy'), labeller('webhook', { refuse: true }));
    const refusal = await chain.validate(attributes({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } })).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ message: 'configmaps "cm" is forbidden: webhook refuses', warnings: ['policy validated'] });
  });
});
