/** A request body that must be a JSON object (express.json() leaves it undefined without a JSON content type). */
import { newBadRequest } from '@dojo/kube-api';

export function jsonObjectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw newBadRequest('the request body must be a JSON object');
  return body as Record<string, unknown>;
}
