import { describe, expect, it } from 'vitest';
import type { ClientFaults } from '@dojo/console-protocol';
import { createApiClient, type FetchLike } from './api-client.ts';
import { consoleApi, endpointPath } from './console-api.ts';

function recordingConsole(answer: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, request: consoleApi(createApiClient(fetchImpl)) };
}

const noFaults: ClientFaults = { client: 'guestbook', rules: [] };

describe('console endpoints by name', () => {
  it('fills each path param as one encoded segment', () => {
    expect(endpointPath('/api/clients/:name/faults/:id', { name: 'my op/1', id: 'r 2' })).toBe('/api/clients/my%20op%2F1/faults/r%202');
  });

  it('refuses a pattern whose param was not given', () => {
    expect(() => endpointPath('/api/clients/:name/view', {})).toThrow(':name');
  });

  it("sends the endpoint's method, path, query and JSON body through the one HTTP client", async () => {
    const { calls, request } = recordingConsole(noFaults);
    await request('POST /api/clients/:name/faults', { params: { name: 'guestbook' }, body: { verbs: ['get'], status: 429 } });
    await request('GET /api/controllers/:name', { params: { name: 'dojo' }, query: { keys: 10, match: undefined } });
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['POST', '/api/clients/guestbook/faults'],
      ['GET', '/api/controllers/dojo?keys=10'],
    ]);
    expect(calls[0]!.init.body).toBe('{"verbs":["get"],"status":429}');
    // A write carries the CSRF header, as every write through the client does.
    expect((calls[0]!.init.headers as Record<string, string>)['X-Dojo-Console']).toBe('1');
  });

  it("answers the map's response type, and the compiler holds a call to the map", async () => {
    const { request } = recordingConsole({ simulators: [{ name: 'discord', module: 'dojo', label: 'Discord API simulator', url: 'http://127.0.0.1:1' }] });
    const answer = await request('GET /api/simulators');
    expect(answer.simulators.map((s) => s.module)).toEqual(['dojo']);
    if (Math.random() > 2) {
      // Compile-time checks only (never run): tsc -b fails if any of these stops being an error.
      // @ts-expect-error an endpoint the server does not have
      await request('GET /api/nothing');
      // @ts-expect-error a path param is required
      await request('GET /api/clients/:name/view');
      // @ts-expect-error the body is the endpoint's request type
      await request('PUT /api/controllers/:name/concurrency', { params: { name: 'dojo' }, body: { workers: 2 } });
      // @ts-expect-error the response is the endpoint's: a ControllerList has no `simulators`
      expect((await request('GET /api/controllers')).simulators);
    }
  });
});
