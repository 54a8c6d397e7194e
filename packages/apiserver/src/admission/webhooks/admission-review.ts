/**
 * The AdmissionReview a webhook is sent and the checks its answer must pass, as kube-apiserver's
 * webhook/request package builds and verifies them (CreateV1AdmissionReview,
 * VerifyAdmissionResponse). Version v1 is sent when the webhook accepts it, else v1beta1 (same
 * shape); kube prefers v1 in `admissionReviewVersions`.
 */
import { randomUUID } from 'node:crypto';
import type { KubeObject } from '@dojo/kube-api';
import { isViewed, kindOf, resourceOf, type AdmissionAttributes } from '../admission-attributes.ts';
import { admissionRequestOf } from '../admission-request.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';

export interface AdmissionReviewRequest {
  uid: string;
  apiVersion: 'admission.k8s.io/v1' | 'admission.k8s.io/v1beta1';
  review: Record<string, unknown>;
}

/** The object in the version of the resource the webhook is called for (matchPolicy Equivalent converts). */
export function objectAs(obj: KubeObject | undefined, from: ResourceInfo, to: ResourceInfo): KubeObject | undefined {
  if (!obj || from === to) return obj;
  return to.fromStorage(JSON.parse(JSON.stringify(from.toStorage(obj))) as KubeObject);
}

export function reviewVersionFor(admissionReviewVersions: readonly string[]): AdmissionReviewRequest['apiVersion'] {
  return admissionReviewVersions.includes('v1') || !admissionReviewVersions.includes('v1beta1') ? 'admission.k8s.io/v1' : 'admission.k8s.io/v1beta1';
}

/** kube's CreateV1AdmissionReview: `kind`/`resource` are what the webhook matched, `request*` what the client asked. */
export function admissionReview(
  attributes: AdmissionAttributes,
  called: ResourceInfo,
  apiVersion: AdmissionReviewRequest['apiVersion'],
): AdmissionReviewRequest {
  const uid = randomUUID();
  const request = admissionRequest(uid, attributes, called);
  return { uid, apiVersion, review: { kind: 'AdmissionReview', apiVersion, request } };
}

/** The AdmissionRequest sent: the request CEL sees, with the call's uid and the objects in the called version. */
function admissionRequest(uid: string, attributes: AdmissionAttributes, called: ResourceInfo): Record<string, unknown> {
  // A view (a Scale) is the same kind in every version, and is never converted.
  const viewed = isViewed(attributes);
  return {
    ...admissionRequestOf(attributes, resourceOf(called), viewed ? attributes.kind : kindOf(called)),
    uid,
    object: (viewed ? attributes.object : objectAs(attributes.object, attributes.info, called)) ?? null,
    oldObject: (viewed ? attributes.oldObject : objectAs(attributes.oldObject, attributes.info, called)) ?? null,
  };
}

/** What a verified answer says. */
export interface AdmissionAnswer {
  allowed: boolean;
  /** Decoded from base64. */
  patch?: string;
  patchType?: string | undefined;
  result?: { status?: string; message?: string; reason?: string; code?: number; details?: unknown } | undefined;
  warnings: string[];
}

/** kube's VerifyAdmissionResponse; throws Error with its text (wrapped in `received invalid webhook response: `). */
export function verifyAdmissionResponse(uid: string, apiVersion: AdmissionReviewRequest['apiVersion'], mutating: boolean, answer: unknown): AdmissionAnswer {
  const review = (answer ?? {}) as { apiVersion?: unknown; kind?: unknown; response?: Record<string, unknown> | null };
  if (typeof review !== 'object' || Array.isArray(review)) throw new Error('webhook response was absent');
  const r = review.response;
  if (!r || typeof r !== 'object') throw new Error('webhook response was absent');
  const warnings = Array.isArray(r.warnings) ? r.warnings.filter((w): w is string => typeof w === 'string') : [];
  // AdmissionResponse.Result travels as `status` on the wire.
  const result = (r.status ?? undefined) as AdmissionAnswer['result'];
  const allowed = r.allowed === true;
  const patch = typeof r.patch === 'string' && r.patch !== '' ? Buffer.from(r.patch, 'base64').toString('utf8') : undefined;
  if (apiVersion === 'admission.k8s.io/v1beta1') {
    // v1beta1 answers were never checked for uid, kind or patchType; a patch is a JSONPatch.
    return { allowed, warnings, result, ...(mutating && patch ? { patch, patchType: 'JSONPatch' } : {}) };
  }
  const responseUid = typeof r.uid === 'string' ? r.uid : '';
  if (responseUid !== uid) throw new Error(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(responseUid)}`);
  const gv = typeof review.apiVersion === 'string' ? review.apiVersion : '';
  const kind = typeof review.kind === 'string' ? review.kind : '';
  if (gv !== 'admission.k8s.io/v1' || kind !== 'AdmissionReview') {
    throw new Error(`expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${goGvkString(gv, kind)}`);
  }
  const patchType = typeof r.patchType === 'string' ? r.patchType : undefined;
  if (mutating) {
    if (patch && patchType === undefined) throw new Error('webhook returned response.patch but not response.patchType');
    if (!patch && patchType !== undefined) throw new Error('webhook returned response.patchType but not response.patch');
    if (patchType === '') throw new Error('webhook returned invalid response.patchType of ""');
    return { allowed, warnings, result, ...(patch ? { patch, patchType } : {}) };
  }
  if (patch) throw new Error('validating webhook may not return response.patch');
  if (patchType !== undefined) throw new Error('validating webhook may not return response.patchType');
  return { allowed, warnings, result };
}

/** schema.GroupVersionKind's String(): `group/version, Kind=kind` (`/, Kind=` when empty). */
function goGvkString(apiVersion: string, kind: string): string {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return `${group}/${version}, Kind=${kind}`;
}
