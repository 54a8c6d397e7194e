/** Query-string decoding for list, watch and write options, with kube-apiserver's errors. */
import { fieldError, goQuote, newBadRequest, newInvalid, type FieldError, booleanParam } from '@dojo/kube-api';
import { validateDryRun, validateFieldManager, validateFieldValidation } from '../patch/patch-options.ts';
import type { DeleteOptions, FieldValidation, ListOptions, PropagationPolicy, WriteOptions } from '../registry/request-options.ts';
import { validateListOptions } from './list-options-validation.ts';
import { parseResourceVersion } from './resource-version.ts';

/** An int64 parameter as strconv.ParseInt reads it: decimal digits only ("1e12" and "1.0" are not). */
export function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^[+-]?\d+$/.test(raw)) throw newBadRequest(`invalid value for ${name}: ${raw}: strconv.ParseInt: parsing ${goQuote(raw)}: invalid syntax`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw newBadRequest(`invalid value for ${name}: ${raw}: strconv.ParseInt: parsing ${goQuote(raw)}: value out of range`);
  return n;
}

export function listOptionsOf(query: URLSearchParams): ListOptions {
  const options: ListOptions = {};
  const labelSelector = query.get('labelSelector');
  const fieldSelector = query.get('fieldSelector');
  const cont = query.get('continue');
  const rv = query.get('resourceVersion');
  const match = query.get('resourceVersionMatch');
  validateListOptions({
    watch: false,
    resourceVersion: rv ?? undefined,
    resourceVersionMatch: match ?? undefined,
    continue: cont ?? undefined,
    sendInitialEvents: booleanParam(query, 'sendInitialEvents'),
  });
  const limit = intParam(query, 'limit');
  if (labelSelector) options.labelSelector = labelSelector;
  if (fieldSelector) options.fieldSelector = fieldSelector;
  if (cont) options.continue = cont;
  if (rv) {
    parseResourceVersion(rv);
    options.resourceVersion = rv;
  }
  if (limit !== undefined) options.limit = limit;
  if (match) options.resourceVersionMatch = match as ListOptions['resourceVersionMatch'];
  return options;
}

/**
 * The options kind of a write, as kube-apiserver names it when its options are invalid
 * (422 `CreateOptions.meta.k8s.io "" is invalid: ...`).
 */
export type WriteOptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions';

/**
 * The query's write options. Create and update options are checked here as apimachinery's
 * ValidateCreateOptions/ValidateUpdateOptions do (fieldManager, dryRun, fieldValidation);
 * delete options check dryRun (ValidateDeleteOptions); a patch's are checked, together with
 * its patch-only rules, by validatePatchOptions.
 */
export function writeOptionsOf(query: URLSearchParams, userAgent: string | undefined, kind: WriteOptionsKind): WriteOptions {
  const dryRun = query.getAll('dryRun');
  const fieldValidation = query.get('fieldValidation') ?? '';
  const manager = query.get('fieldManager');
  if (kind !== 'PatchOptions') {
    const errors: FieldError[] = [];
    if (kind !== 'DeleteOptions') errors.push(...validateFieldManager(manager ?? ''));
    errors.push(...validateDryRun(dryRun));
    if (kind !== 'DeleteOptions') errors.push(...validateFieldValidation(fieldValidation));
    if (errors.length) throw newInvalid({ group: 'meta.k8s.io', kind }, '', errors);
  }
  const options: WriteOptions = { dryRun: dryRun.length > 0, fieldValidation: (fieldValidation || 'Warn') as FieldValidation };
  if (manager !== null) options.fieldManager = manager;
  if (userAgent) options.userAgent = userAgent;
  return options;
}

const propagationPolicies: readonly string[] = ['Foreground', 'Background', 'Orphan'];

export function deleteOptionsOf(query: URLSearchParams, body: Record<string, unknown> | undefined, userAgent: string | undefined): DeleteOptions {
  const policy = (body?.propagationPolicy as string | undefined) ?? query.get('propagationPolicy') ?? undefined;
  // The deprecated orphanDependents: true orphans, false deletes dependents in the background.
  const orphan = typeof body?.orphanDependents === 'boolean' ? body.orphanDependents : booleanParam(query, 'orphanDependents');
  // ValidateDeleteOptions: every problem of the options in one Invalid DeleteOptions, in its order.
  const errors: FieldError[] = [];
  if (orphan !== undefined && policy != null)
    errors.push(fieldError.invalid('propagationPolicy', policy, 'orphanDependents and deletionPropagation cannot be both set'));
  if (policy != null && !propagationPolicies.includes(policy))
    errors.push(fieldError.notSupported('propagationPolicy', policy, [...propagationPolicies, 'nil']));
  errors.push(...validateDryRun(Array.isArray(body?.dryRun) ? (body.dryRun as string[]) : query.getAll('dryRun')));
  if (errors.length) throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errors);
  const options: DeleteOptions = writeOptionsOf(query, userAgent, 'DeleteOptions');
  if (policy != null) options.propagationPolicy = policy as PropagationPolicy;
  if (orphan !== undefined) options.propagationPolicy = orphan ? 'Orphan' : 'Background';
  const pre = body?.preconditions as { uid?: string; resourceVersion?: string } | undefined;
  if (pre && typeof pre === 'object') options.preconditions = pre;
  const bodyDryRun = body?.dryRun;
  if (Array.isArray(bodyDryRun) && bodyDryRun.includes('All')) options.dryRun = true;
  const grace = (body?.gracePeriodSeconds as number | undefined) ?? intParam(query, 'gracePeriodSeconds');
  if (grace !== undefined) options.gracePeriodSeconds = grace;
  return options;
}
