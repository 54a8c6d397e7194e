/**
 * metadata.generation for kinds that track it (Deployments, ReplicaSets, CRDs, custom
 * resources): 1 on create, one more on every change of the desired state. With a status
 * subresource that is spec alone; without one, status is part of what the user asks for.
 */
import { jsonEqual, type KubeObject } from '@dojo/kube-api';

export function startGeneration(obj: KubeObject): void {
  obj.metadata.generation = 1;
}

/** The fields other than metadata and status: what "spec changed" means for generation. */
export function specOf(obj: KubeObject): Record<string, unknown> {
  const { metadata: _m, status: _s, apiVersion: _a, kind: _k, ...rest } = obj;
  return rest;
}

export function bumpGenerationOnChange(obj: KubeObject, old: KubeObject, { statusSubresource }: { statusSubresource: boolean }): void {
  // Equal after decoding, whatever the order of the keys the client sent (apiequality.Semantic.DeepEqual).
  const changed = !jsonEqual(specOf(obj), specOf(old)) || (!statusSubresource && !jsonEqual(obj.status, old.status));
  obj.metadata.generation = (old.metadata.generation ?? 0) + (changed ? 1 : 0);
}
