/**
 * Namespaces (pkg/registry/core/namespace): created Active with the `kubernetes` finalizer in
 * spec; deleting one makes it Terminating until the namespace controller has emptied it and
 * cleared spec.finalizers through `/finalize`, the only way spec changes.
 */
import type { KubeObject } from '@dojo/kube-api';
import { noErrors, type Strategy, type UpdateStrategy } from '../strategy.ts';
import { keepStoredStatus, resetToStored, statusStrategy } from '../status-strategy.ts';
import { field, record } from './unstructured.ts';

/**
 * Every namespace carries `kubernetes.io/metadata.name: <name>` (kube >= 1.21, the namespace
 * strategy's Canonicalize): put back on every write, so namespaceSelectors can match by name.
 */
function labelWithName(obj: KubeObject): void {
  const name = obj.metadata.name;
  if (typeof name === 'string' && name !== '') obj.metadata.labels = { ...obj.metadata.labels, 'kubernetes.io/metadata.name': name };
}

export const namespaceStrategy = {
  // The name label is kube's defaulting (SetDefaults_Namespace), so the creator owns it.
  applyDefaults: labelWithName,
  prepareForCreate(obj) {
    obj.spec = { ...record(obj.spec), finalizers: ['kubernetes'] };
    obj.status = { phase: 'Active' };
    labelWithName(obj);
  },
  prepareForUpdate(obj, old) {
    // spec.finalizers changes only through /finalize.
    obj.spec = old.spec;
    keepStoredStatus(obj, old);
    labelWithName(obj);
  },
  validate: noErrors,
  validateUpdate: noErrors,
  beginDeletion(obj) {
    obj.status = { ...record(obj.status), phase: 'Terminating' };
  },
  blocksRemoval: (obj) => ((field(obj, 'spec', 'finalizers') as unknown[] | undefined)?.length ?? 0) > 0,
} satisfies Strategy;

const keepingStoredSpec = statusStrategy(namespaceStrategy);

/** `/status`: the stored spec; the name label comes back as on any write (kube's Canonicalize). */
export const namespaceStatusStrategy = {
  ...keepingStoredSpec,
  prepareForUpdate(obj, old) {
    keepingStoredSpec.prepareForUpdate(obj, old);
    labelWithName(obj);
  },
} satisfies UpdateStrategy;

/** `/finalize`: only spec.finalizers may change. */
export const namespaceFinalizeStrategy = {
  prepareForUpdate(obj, old) {
    resetToStored(obj, old, (sent, result) => {
      const finalizers = field(sent.spec, 'finalizers');
      result.spec = { ...record(result.spec), finalizers: Array.isArray(finalizers) ? finalizers : [] };
    });
  },
  validateUpdate: noErrors,
} satisfies UpdateStrategy;
