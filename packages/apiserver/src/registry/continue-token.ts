/**
 * List continuation tokens: the list's revision and the last key served, base64 JSON like
 * kube-apiserver's. Pages after the first are read at the first page's revision (a snapshot,
 * as etcd serves them); once that revision is compacted away the token has expired, and the
 * 410 carries a token at revision -1 that continues, inconsistently, from the latest state.
 */
import { posix } from 'node:path';
import { newBadRequest, newResourceExpired, type StatusError } from '@dojo/kube-api';
import { jsonStartError, rawUrlBase64Error } from './go-decode-errors.ts';

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.rv, start: token.start })).toString('base64url');
}

/**
 * storage.DecodeContinue, with the answers' words: every refusal is a 400 "invalid continue
 * token: continue key is not valid..." (the watch cache's and etcd3's list both prefix it).
 */
export function decodeContinue(text: string): ContinueToken {
  const invalid = (detail: string) => newBadRequest(`invalid continue token: continue key is not valid${detail}`);
  const base64Error = rawUrlBase64Error(text);
  if (base64Error) throw invalid(`: ${base64Error}`);
  const bytes = Buffer.from(text, 'base64url');
  const startError = jsonStartError(bytes);
  if (startError) throw invalid(`: ${startError}`);
  let parsed: { v?: unknown; rv?: unknown; start?: unknown };
  try {
    parsed = JSON.parse(bytes.toString('utf8')) as typeof parsed;
  } catch {
    throw invalid(': unexpected end of JSON input');
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    typeof parsed.v !== 'string' ||
    typeof parsed.start !== 'string' ||
    !Number.isInteger(parsed.rv)
  ) {
    throw invalid(': incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
  if (parsed.v !== 'meta.k8s.io/v1') throw invalid(`: server does not recognize this encoded version ${parsed.v}`);
  if (parsed.rv === 0) throw invalid(': incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (parsed.start === '') throw invalid(': encoded start key empty (version meta.k8s.io/v1)');
  // A start key that path.Clean would change could climb out of the listed prefix.
  const key = parsed.start.startsWith('/') ? parsed.start : `/${parsed.start}`;
  if (posix.normalize(key) !== key || (key.length > 1 && key.endsWith('/'))) throw invalid(`: ${parsed.start}`);
  return { rv: parsed.rv as number, start: parsed.start };
}

/** etcd3's handleCompactedErrorForPaging: 410 Expired, with a token to go on at the latest revision. */
export function newContinueExpired(start: string): StatusError {
  const err = newResourceExpired(
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, ' +
      'or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an ' +
      'inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
  err.status.metadata = { continue: encodeContinue({ rv: -1, start }) };
  return err;
}
