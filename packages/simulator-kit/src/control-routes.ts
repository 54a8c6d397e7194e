/**
 * A simulator's own endpoints (`/_sim/state`, `/_sim/faults`, ...) as one table of
 * "METHOD /path" -> handler, so each simulator lists its routes instead of hand-writing the
 * matching. A trailing slash does not count. A path the table knows under another method is
 * the simulator's 405, any other its 404 (both thrown in the simulator's own error shape).
 */
import type { JsonAnswer } from './json-http-io.ts';

export type ControlRoutes = Readonly<Record<`${string} /${string}`, () => JsonAnswer>>;

export interface ControlMisses {
  notFound: () => unknown;
  methodNotAllowed: () => unknown;
}

export function answerControlRoute(routes: ControlRoutes, method: string, path: string, misses: ControlMisses): JsonAnswer {
  const trimmed = path.replace(/\/+$/, '');
  const handler = routes[`${method} ${trimmed}` as keyof ControlRoutes];
  if (handler) return handler();
  const known = Object.keys(routes).some((route) => route.slice(route.indexOf(' ') + 1) === trimmed);
  throw known ? misses.methodNotAllowed() : misses.notFound();
}
