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
import { conversionErrorOf, goDecodeErrorOf, strictDecodingErrorsOf } from '../registry/builtin/typed-decode.ts';

const invalidPatch = (value: string, detail: string): unknown => newInvalid({ group: '', kind: '' }, '', [fieldError.invalid('patch', value, detail)]);

/** `err` as kube's patch handler would answer it, given the patch and the object it produced. */
export function patchedObjectRefused(err: unknown, patchType: string, patch: unknown, patched: KubeObject | undefined): unknown {
  if (patched === undefined) return err;
  if (patchType === 'strategic') return strategicPatchRefused(err, patch);
  const goError = goDecodeErrorOf(err);
  if (goError === undefined || (patchType !== 'json' && patchType !== 'merge')) return err;
  const { managedFields: _managedFields, ...metadata } = (patched.metadata ?? {}) as Record<string, unknown>;
  return invalidPatch(JSON.stringify({ ...patched, metadata }), goError);
}

function strategicPatchRefused(err: unknown, patch: unknown): unknown {
  const conversionError = conversionErrorOf(err);
  if (conversionError !== undefined) return invalidPatch(formatGoValue(patch), conversionError);
  // The converter collects unknown fields as it goes and sorts them before it reports them.
  const strictErrors = strictDecodingErrorsOf(err);
  if (strictErrors !== undefined) return invalidPatch(formatGoValue(patch), `strict decoding error: ${[...strictErrors].sort().join(', ')}`);
  return err;
}
