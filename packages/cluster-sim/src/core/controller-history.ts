/**
 * kube's controller history (pkg/controller/history): a StatefulSet's or DaemonSet's Pod
 * templates saved as ControllerRevisions named `<owner>-<hash>`, numbered in the order they
 * were current. The data is the template as a strategic-merge patch that replaces it
 * (`{"spec":{"template":{...,"$patch":"replace"}}}`); the hash is FNV-1 (32 bit) of that JSON
 * and, after a name collision, of the collision count, so a changed template gets a new name
 * and a template rolled back to finds its old revision.
 */
import { controllerOf, deepCopy, isAlreadyExists, type KubeObject, semanticEqual } from '@dojo/kube-api';
import type { Client, ObjectReader, ResourceType } from '@dojo/runtime';
import { builtinTypes } from '@dojo/runtime';
import { safeEncode } from '../deployment/pod-template-hash.ts';
import type { ControllerRevision } from './apps-types.ts';
import { controllerRefTo } from './owner-references.ts';
import type { PodTemplateSpec } from './workload-types.ts';

const { controllerRevisions } = builtinTypes;

export type RevisionData = NonNullable<ControllerRevision['data']>;

/** getPatch: only the template is saved, marked to replace the whole template when applied. */
export function revisionDataOf(template: PodTemplateSpec): RevisionData {
  return { spec: { template: { ...deepCopy(template), $patch: 'replace' } } };
}

/** ApplyRevision, for the one field a revision holds: the Pod template it saved. */
export function templateOfRevision(revision: ControllerRevision): PodTemplateSpec {
  const { $patch: _replace, ...template } = revision.data?.spec?.template ?? {};
  return template;
}

/** HashControllerRevision: FNV-1 32 of the data's JSON (keys sorted, as Go marshals maps), then the probe. */
export function hashRevisionData(data: RevisionData, collisionCount?: number): string {
  let hash = 0x811c9dc5;
  const bytes = Buffer.from(sortedJson(data) + (collisionCount === undefined ? '' : String(collisionCount)), 'utf8');
  for (const byte of bytes) {
    hash = Math.imul(hash, 0x01000193);
    hash ^= byte;
  }
  return safeEncode(String(hash >>> 0));
}

/** ControllerRevisionName: the owner's name, cut to 223 characters, and the hash. */
export function revisionName(ownerName: string, hash: string): string {
  return `${ownerName.slice(0, 223)}-${hash}`;
}

/** SortControllerRevisions: by revision number, then creation, then name. */
export function sortRevisions<T extends ControllerRevision>(revisions: readonly T[]): T[] {
  return [...revisions].sort(
    (a, b) =>
      a.revision - b.revision ||
      (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
      (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''),
  );
}

/** nextRevision: one more than the newest (revisions sorted). */
export function nextRevisionNumber(sorted: readonly ControllerRevision[]): number {
  return (sorted.at(-1)?.revision ?? 0) + 1;
}

export function sameRevisionData(a: ControllerRevision | RevisionData | undefined, b: RevisionData): boolean {
  const data = a && 'revision' in a ? a.data : a;
  return semanticEqual(data, b);
}

export interface RevisionWriter {
  readonly client: Client;
  readonly api: ObjectReader;
}

export interface NewRevision {
  readonly owner: KubeObject;
  readonly ownerType: ResourceType;
  readonly data: RevisionData;
  readonly revision: number;
  readonly labels: Record<string, string>;
  /** The label that carries the hash (a DaemonSet's `controller-revision-hash`), if any. */
  readonly hashLabel?: string;
  /** The name's hash after that many collisions; HashControllerRevision unless the owner hashes otherwise (a DaemonSet hashes its template). */
  readonly hash?: (collisionCount: number) => string;
}

/**
 * CreateControllerRevision: on a name taken by a different revision (or one of another owner),
 * counts a collision and tries the next name; a name taken by the same data is that revision.
 */
export async function createRevision(
  writer: RevisionWriter,
  request: NewRevision,
  collisionCount: number,
): Promise<{ revision: ControllerRevision; collisionCount: number }> {
  let collisions = collisionCount;
  for (;;) {
    const hash = request.hash ? request.hash(collisions) : hashRevisionData(request.data, collisions);
    const name = revisionName(request.owner.metadata.name ?? '', hash);
    const revision: ControllerRevision = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name,
        namespace: request.owner.metadata.namespace,
        labels: { ...request.labels, ...(request.hashLabel ? { [request.hashLabel]: hash } : {}) },
        ...(request.owner.metadata.annotations ? { annotations: { ...request.owner.metadata.annotations } } : {}),
        ownerReferences: [controllerRefTo(request.owner, request.ownerType)],
      },
      data: request.data,
      revision: request.revision,
    };
    try {
      return { revision: await writer.client.create(controllerRevisions, revision), collisionCount: collisions };
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const existing = await writer.api.get<ControllerRevision>(controllerRevisions, { namespace: revision.metadata.namespace, name });
      if (controllerOf(existing)?.uid === request.owner.metadata.uid && sameRevisionData(existing, request.data))
        return { revision: existing, collisionCount: collisions };
      collisions++;
    }
  }
}

/** UpdateControllerRevision: a rollback renumbers the old revision as the newest. */
export async function renumberRevision(writer: RevisionWriter, revision: ControllerRevision, number: number): Promise<ControllerRevision> {
  if (revision.revision === number) return revision;
  return writer.client.patch<ControllerRevision>(
    controllerRevisions,
    { namespace: revision.metadata.namespace, name: revision.metadata.name ?? '' },
    { type: 'merge', body: { revision: number } },
  );
}

function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sortKeys(member);
  }
  return out;
}
