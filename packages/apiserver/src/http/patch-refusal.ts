/**
 * How kube's patch handler words a patched object that its decoding refuses (apiserver
 * handlers/patch.go). The handler decodes the result itself, so such a refusal is an Invalid
 * `patch`, not the 400 a PUT of the same object gets; what it quotes and in whose words depend
 * on the patch type:
 *
 * - JSON and merge patches (jsonPatcher.applyPatchToCurrentObject) decode the patched JSON: the
 *   value is that JSON (managedFields left out, as there) and the words are Go's JSON decoder's.
 * - A strategic merge patch (applyPatchToObject) converts the patched map with the unstructured
 *   converter: the value is the patch itself as `%+v` prints it, the words are the converter's
 *   (registry/builtin/unstructured-conversion.ts), and under fieldValidation=Strict unknown
 *   fields are a `strict decoding error` listing them sorted. A conversion error outranks
 *   unknown fields there, as the store's decoding already has it.
 */
import { fieldError, newInvalid, type KubeObject } from '@dojo/kube-api';
import { formatGoValue } from '../crd/go-format.ts';
import { goDecodeErrorOf, strictDecodingErrorsOf } from '../registry/builtin/typed-decode.ts';
import { unstructuredConversionError } from '../registry/builtin/unstructured-conversion.ts';

const invalidPatch = (value: string, detail: string): Error => newInvalid({ group: '', kind: '' }, '', [fieldError.invalid('patch', value, detail)]);

/** `err` as kube's patch handler would answer it, given the patch and the object it produced. */
export function patchedObjectRefused(err: unknown, patchType: string, patch: unknown, patched: KubeObject | undefined): unknown {
  if (patched === undefined) return err;
  if (patchType === 'strategic') return strategicPatchRefused(err, patch);
  const goError = goDecodeErrorOf(err);
  if (goError === undefined || (patchType !== 'json' && patchType !== 'merge')) return err;
  const { managedFields: _managedFields, ...metadata } = (patched.metadata ?? {}) as Record<string, unknown>;
  return invalidPatch(JSON.stringify({ ...patched, metadata }), goError);
}

/**
 * The strategic merge patch handler's conversion of the patched map, which comes before anything
 * else looks at the result (a changed kind, the store's decoding): `messageName` is the kind's
 * Go type, undefined for kinds without one.
 */
export function refuseUnconvertible(messageName: string | undefined, patch: unknown, patched: KubeObject): void {
  const conversionError = messageName === undefined ? undefined : unstructuredConversionError(messageName, patched);
  if (conversionError !== undefined) throw invalidPatch(formatGoValue(patch), conversionError);
}

function strategicPatchRefused(err: unknown, patch: unknown): unknown {
  // A refusal the converter's words are not known for (refuseUnconvertible let it pass) keeps the decoder's.
  const goError = goDecodeErrorOf(err);
  if (goError !== undefined) return invalidPatch(formatGoValue(patch), goError);
  // The converter collects unknown fields as it goes and sorts them before it reports them.
  const strictErrors = strictDecodingErrorsOf(err);
  if (strictErrors !== undefined) return invalidPatch(formatGoValue(patch), `strict decoding error: ${[...strictErrors].sort().join(', ')}`);
  return err;
}
