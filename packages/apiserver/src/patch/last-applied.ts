/**
 * The client-side to server-side apply upgrade kube's fieldmanager performs, for the field
 * manager "kubectl" only (any other name opts out), in two layers around server-side apply:
 *
 * - lastAppliedManager (lastappliedmanager.go): when an apply conflicts, the conflicts on fields
 *   the live object's `kubectl.kubernetes.io/last-applied-configuration` names, at the value the
 *   object still holds, are no conflicts: kubectl owned them by its client-side apply. If every
 *   conflict is such a field the apply goes on as if forced (the other managers lose those
 *   fields); otherwise the 409 names only the others. An annotation that is absent, empty, not
 *   an object with a kind, of another apiVersion or not a valid object of the type allows none.
 * - lastAppliedUpdater (lastappliedupdater.go): after a successful apply whose result carries a
 *   non-empty annotation, the annotation becomes the applied configuration itself (without the
 *   annotation), as Go encodes it, so a later client-side `kubectl apply` diffs against what
 *   was applied last. It is dropped if it would take the annotations past 256 KiB.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ApplyConflict } from './apply-conflict.ts';
import { typedPatchProblems } from './apply-typed-problems.ts';
import { compareFields } from './compare-fields.ts';
import type { FieldSet } from './field-set.ts';
import { fieldSetOf } from './field-set-of.ts';
import { cloneJson, goJsonEncode, isJsonObject, presentEntries, type JsonObject } from './json-value.ts';
import type { PatchMeta } from './patch-meta.ts';

export const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

/** The one manager name the upgrade applies to: kubectl's default for `apply --server-side`. */
const upgradingManager = 'kubectl';

/** apimachinery's TotalAnnotationSizeLimitB: the sum of every annotation's key and value bytes. */
const totalAnnotationSizeLimit = 256 * 1024;

export interface LastAppliedArgs {
  readonly manager: string;
  readonly apiVersion: string;
  readonly meta: PatchMeta | undefined;
}

/** The conflicts an apply still has once the fields kubectl's client-side apply owned are its own. */
export function conflictsNotClaimedByLastApplied(
  conflicts: readonly ApplyConflict[],
  live: KubeObject | undefined,
  args: LastAppliedArgs,
): readonly ApplyConflict[] {
  if (args.manager !== upgradingManager || !live) return conflicts;
  const claimed = fieldsClaimedByLastApplied(live, args);
  return claimed ? conflicts.filter((c) => !claimed.has(c.path)) : conflicts;
}

/** The fields the annotation sets at the value the live object still has; undefined if it claims nothing. */
function fieldsClaimedByLastApplied(live: KubeObject, { apiVersion, meta }: LastAppliedArgs): FieldSet | undefined {
  const text = annotationsOf(live)?.[lastAppliedAnnotation];
  if (typeof text !== 'string' || text === '') return undefined;
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text);
  } catch {
    return undefined;
  }
  // The unstructured decoder refuses an object without a kind; the version must be the request's.
  if (!isJsonObject(lastApplied) || typeof lastApplied.kind !== 'string' || lastApplied.kind === '') return undefined;
  if (lastApplied.apiVersion !== apiVersion) return undefined;
  if (typedPatchProblems(lastApplied, meta, []).length) return undefined;
  // Fields the live object changed, dropped or holds beyond the annotation are not kubectl's.
  const differences = compareFields(lastApplied, live, meta);
  return fieldSetOf(lastApplied, meta).difference(differences.modified).difference(differences.added).difference(differences.removed);
}

/** The apply's result with kubectl's annotation rewritten to the applied configuration. */
export function withLastAppliedUpdated(result: KubeObject, applied: KubeObject, manager: string): KubeObject {
  const current = annotationsOf(result)?.[lastAppliedAnnotation];
  if (manager !== upgradingManager || typeof current !== 'string' || current === '') return result;
  const annotations: Record<string, unknown> = { ...annotationsOf(result), [lastAppliedAnnotation]: lastAppliedValue(applied) };
  if (annotationBytes(annotations) > totalAnnotationSizeLimit) delete annotations[lastAppliedAnnotation];
  return { ...result, metadata: { ...result.metadata, annotations } as KubeObject['metadata'] };
}

/**
 * buildLastApplied: the configuration without the annotation. Go reads the annotations as a
 * string map: null values become "", a null map (or one with a non-string value) is dropped,
 * and an empty map stays.
 */
function lastAppliedValue(applied: KubeObject): string {
  const copy = cloneJson(applied) as JsonObject;
  const metadata = isJsonObject(copy.metadata) ? copy.metadata : undefined;
  const annotations = metadata?.annotations;
  if (metadata && 'annotations' in metadata) {
    const entries = isJsonObject(annotations) ? presentEntries(annotations) : undefined;
    if (entries && entries.every(([, v]) => typeof v === 'string' || v === null)) {
      metadata.annotations = Object.fromEntries(entries.filter(([k]) => k !== lastAppliedAnnotation).map(([k, v]) => [k, v ?? '']));
    } else {
      delete metadata.annotations;
    }
  }
  return goJsonEncode(copy);
}

function annotationsOf(obj: KubeObject): Record<string, unknown> | undefined {
  const annotations = (obj.metadata as JsonObject | undefined)?.annotations;
  return isJsonObject(annotations) ? annotations : undefined;
}

function annotationBytes(annotations: Record<string, unknown>): number {
  let total = 0;
  for (const [key, value] of Object.entries(annotations)) total += Buffer.byteLength(key) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
  return total;
}
