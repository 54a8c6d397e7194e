/**
 * List continuation tokens: the list's revision and the last key served, base64 JSON like
 * kube-apiserver's. Pages after the first are read at the first page's revision (a snapshot,
 * as etcd serves them); once that revision is compacted away the token has expired, and the
 * 410 carries a token at revision -1 that continues, inconsistently, from the latest state.
 */
import { newBadRequest, newResourceExpired, type StatusError } from '@dojo/kube-api';

export interface ContinueToken {
  rv: number;
  start: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.rv, start: token.start })).toString('base64url');
}

export function decodeContinue(text: string): ContinueToken {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { v?: unknown; rv?: unknown; start?: unknown };
    if (parsed.v !== 'meta.k8s.io/v1' || typeof parsed.rv !== 'number' || typeof parsed.start !== 'string') throw new Error('bad token');
    return { rv: parsed.rv, start: parsed.start };
  } catch {
    throw newBadRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
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
