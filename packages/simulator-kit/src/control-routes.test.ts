import { describe, expect, it } from 'vitest';
import { answerControlRoute, type ControlRoutes } from './control-routes.ts';

const routes: ControlRoutes = {
  'GET /_sim/state': () => ({ status: 200, body: { ok: true } }),
  'DELETE /_sim/state': () => ({ status: 204 }),
};
const misses = { notFound: () => new Error('404'), methodNotAllowed: () => new Error('405') };

describe('answerControlRoute', () => {
  it('answers with the handler of the method and path', () => {
    expect(answerControlRoute(routes, 'GET', '/_sim/state', misses)).toEqual({ status: 200, body: { ok: true } });
    expect(answerControlRoute(routes, 'DELETE', '/_sim/state', misses)).toEqual({ status: 204 });
  });

  it('ignores a trailing slash', () => {
    expect(answerControlRoute(routes, 'GET', '/_sim/state//', misses).status).toBe(200);
  });

  it("throws the simulator's 405 for a known path under another method, and its 404 otherwise", () => {
    expect(() => answerControlRoute(routes, 'POST', '/_sim/state', misses)).toThrow('405');
    expect(() => answerControlRoute(routes, 'GET', '/_sim/nothing', misses)).toThrow('404');
  });
});
