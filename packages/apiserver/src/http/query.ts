/** Query-string decoding for list, watch and write options, with kube-apiserver's errors. */
import { goQuote, newBadRequest } from '@dojo/kube-api';
import type { DeleteOptions, FieldValidation, ListOptions, PropagationPolicy, WriteOptions } from '../registry/request-options.ts';
import { booleanParam } from './boolean-param.ts';
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
  validateListOptions({ watch: false, resourceVersion: rv ?? undefined, resourceVersionMatch: match ?? undefined, continue: cont ?? undefined, sendInitialEvents: booleanParam(query, 'sendInitialEvents') });
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

export function writeOptionsOf(query: URLSearchParams, userAgent: string | undefined): WriteOptions {
  const dryRun = query.getAll('dryRun');
  for (const d of dryRun) if (d !== 'All') throw newBadRequest(`Invalid dry run value: "${d}": supported values: "All"`);
  const fieldValidation = query.get('fieldValidation') ?? 'Warn';
  if (!['Strict', 'Warn', 'Ignore'].includes(fieldValidation)) {
    throw newBadRequest(`fieldValidation: Unsupported value: "${fieldValidation}": supported values: "Ignore", "Strict", "Warn"`);
  }
  const options: WriteOptions = { dryRun: dryRun.length > 0, fieldValidation: fieldValidation as FieldValidation };
  const manager = query.get('fieldManager');
  if (manager !== null) {
    if (manager.length > 128) throw newBadRequest('fieldManager: Too long: may not be more than 128 bytes');
    options.fieldManager = manager;
  }
  if (userAgent) options.userAgent = userAgent;
  return options;
}

export function deleteOptionsOf(query: URLSearchParams, body: Record<string, unknown> | undefined, userAgent: string | undefined): DeleteOptions {
  const options: DeleteOptions = writeOptionsOf(query, userAgent);
  const policy = (body?.propagationPolicy as string | undefined) ?? query.get('propagationPolicy') ?? undefined;
  if (policy !== undefined && policy !== null) {
    if (!['Orphan', 'Background', 'Foreground'].includes(policy)) {
      throw newBadRequest(`propagationPolicy: Unsupported value: "${policy}": supported values: "Background", "Foreground", "Orphan"`);
    }
    options.propagationPolicy = policy as PropagationPolicy;
  }
  // The deprecated orphanDependents: true orphans, false deletes dependents in the background.
  const orphan = typeof body?.orphanDependents === 'boolean' ? body.orphanDependents : booleanParam(query, 'orphanDependents');
  if (orphan !== undefined) {
    if (options.propagationPolicy !== undefined) throw newBadRequest('OrphanDependents and DeletionPropagation cannot be both set');
    options.propagationPolicy = orphan ? 'Orphan' : 'Background';
  }
  const pre = body?.preconditions as { uid?: string; resourceVersion?: string } | undefined;
  if (pre && typeof pre === 'object') options.preconditions = pre;
  const bodyDryRun = body?.dryRun;
  if (Array.isArray(bodyDryRun) && bodyDryRun.includes('All')) options.dryRun = true;
  const grace = (body?.gracePeriodSeconds as number | undefined) ?? intParam(query, 'gracePeriodSeconds');
  if (grace !== undefined) options.gracePeriodSeconds = grace;
  return options;
}
