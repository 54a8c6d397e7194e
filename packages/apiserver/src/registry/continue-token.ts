/**
 * List continuation tokens: the list's revision and the last key served, base64 JSON like
 * kube-apiserver's. Pages after the first are read from current state; anything that changed
 * since the first page's revision arrives through a watch started from that revision, which is
 * what informers do, so a paginated list plus watch still converges.
 */
import { newBadRequest } from '@dojo/kube-api';

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
