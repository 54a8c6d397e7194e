/**
 * @dojo/kube-api — the Kubernetes API vocabulary every other package speaks.
 *
 * Promises:
 * - Plain types for objects, metadata, lists, watch events, conditions and the `Status` error
 *   shape, matching the JSON Kubernetes puts on the wire (nothing here is Dojo-specific).
 * - One error type, `StatusError`, built only by the named factories in `status-error.ts`
 *   (`newNotFound`, `newConflict`, `newInvalid`, ...). The server encodes it, clients decode it,
 *   the UI renders it; the message texts are the ones kube-apiserver produces.
 * - Label and field selector parsing/matching with Kubernetes' grammar.
 * - What a request addresses (`parseRequestPath`, kube's RequestInfoFactory) and how its boolean
 *   query parameters read (`booleanParam`), for the API server and anyone who reads its traffic.
 * - Table conversion (`toTable`, the Name/Age/printer columns): what `kubectl get` prints, for
 *   the API server and a recording's replay alike.
 * - The small helpers every side needs once: metav1.Time / MicroTime (`time.ts`), JSON and
 *   semantic equality (`json-equality.ts`), controller references (`owner-references.ts`).
 * - No runtime dependencies, no I/O, safe to import from the browser.
 *
 * Misuse: resourceVersion is opaque to clients — compare it for equality only; only the API
 * server may order or parse it.
 */
export * from './types.ts';
export * from './status.ts';
export * from './status-error.ts';
export * from './field-manager-conflicts.ts';
export * from './field-errors.ts';
export * from './go-quote.ts';
export * from './label-selector.ts';
export * from './field-selector.ts';
export * from './object-key.ts';
export * from './object-identity.ts';
export * from './conditions.ts';
export * from './names.ts';
export * from './json-path.ts';
export * from './warning-header.ts';
export * from './deep-copy.ts';
export * from './time.ts';
export * from './json-equality.ts';
export * from './owner-references.ts';
export * from './storage-protection.ts';
export * from './request-info.ts';
export * from './boolean-param.ts';
export * from './table-columns.ts';
export * from './table-conversion.ts';
export type { ContainerLogWrite } from './container-log-write.ts';
