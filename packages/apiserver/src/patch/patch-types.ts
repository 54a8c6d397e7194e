/**
 * The PATCH content types and which resources accept which. Built-in kinds accept all four;
 * custom resources have no Go struct tags, so kube-apiserver offers them no strategic merge
 * patch and answers 415 listing the other three.
 */
import type { StatusError } from '@dojo/kube-api';
import { newUnsupportedMediaTypeForRoute, newUnsupportedPatchType } from './patch-errors.ts';

export const patchContentTypes = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
} as const;

export type PatchKind = keyof typeof patchContentTypes;

/** The accepted list, in the order kube-apiserver prints it in its 415 message. */
export function acceptedPatchTypes(strategicMergePatch: boolean): string[] {
  const { json, merge, strategic, apply } = patchContentTypes;
  return strategicMergePatch ? [json, merge, strategic, apply] : [json, merge, apply];
}

/** The 415 a custom resource answers to `application/strategic-merge-patch+json`. */
export function strategicMergePatchUnsupported(): StatusError {
  return newUnsupportedPatchType(acceptedPatchTypes(false));
}

/**
 * Which patch a Content-Type asks for; parameters such as "; charset=utf-8" are ignored. Throws
 * 415 when the resource does not accept it: for a built-in kind go-restful's route filter
 * answers first (`415: Unsupported Media Type`, as a generic Status with empty details); custom
 * resources are served by apiextensions-apiserver's handler, which lists the accepted types.
 */
export function patchKindOf(contentType: string | undefined, strategicMergePatch: boolean, restfulRoute = false): PatchKind {
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  const accepted = acceptedPatchTypes(strategicMergePatch);
  const kind = (Object.keys(patchContentTypes) as PatchKind[]).find((k) => patchContentTypes[k] === mediaType);
  if (!kind || !accepted.includes(mediaType)) throw restfulRoute ? newUnsupportedMediaTypeForRoute() : newUnsupportedPatchType(accepted);
  return kind;
}
