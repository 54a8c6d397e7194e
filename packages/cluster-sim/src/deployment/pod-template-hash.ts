/**
 * The `pod-template-hash` label (kube's controller.ComputeHash): a Deployment's ReplicaSet for
 * a given Pod template is named `<deployment>-<hash>` and selects its Pods by the hash, so two
 * templates never share Pods and the same template always finds its ReplicaSet again.
 */
import { semanticEqual, semanticJson } from '@dojo/kube-api';
import type { PodTemplateSpec } from '../core/workload-types.ts';

export const podTemplateHashLabel = 'pod-template-hash';

// rand.SafeEncodeString's alphabet: no vowels (no words), no look-alikes (0/o, 1/l, 3/e).
const safeAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

/** FNV-32a of the template (and of the collision count, which changes it after a collision). */
export function podTemplateHash(template: PodTemplateSpec, collisionCount?: number): string {
  let hash = 0x811c9dc5;
  const add = (byte: number): void => {
    hash ^= byte & 0xff;
    hash = Math.imul(hash, 0x01000193);
  };
  for (const byte of Buffer.from(semanticJson(template), 'utf8')) add(byte);
  if (collisionCount !== undefined) for (let shift = 0; shift < 32; shift += 8) add(collisionCount >>> shift);
  return safeEncode(String(hash >>> 0));
}

/** rand.SafeEncodeString: each character mapped into the safe alphabet. */
export function safeEncode(text: string): string {
  let out = '';
  for (const ch of text) out += safeAlphabet[ch.charCodeAt(0) % safeAlphabet.length];
  return out;
}

/** EqualIgnoreHash: the same template, whatever pod-template-hash label either carries. */
export function equalIgnoringHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return semanticEqual(withoutHash(a), withoutHash(b));
}

function withoutHash(template: PodTemplateSpec | undefined): PodTemplateSpec | undefined {
  if (!template?.metadata?.labels || !(podTemplateHashLabel in template.metadata.labels)) return template;
  const { [podTemplateHashLabel]: _hash, ...labels } = template.metadata.labels;
  return { ...template, metadata: { ...template.metadata, labels } };
}

/** The template with the hash label added: the new ReplicaSet's template, selector and labels. */
export function withHashLabel(labels: Record<string, string> | undefined, hash: string): Record<string, string> {
  return { ...labels, [podTemplateHashLabel]: hash };
}
