import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { buildUrl, createApiClient, type FetchLike } from './api-client.ts';

function recordingFetch(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return response();
  };
  return { calls, client: createApiClient(fetchImpl) };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('sends the session cookie and no CSRF header on reads', async () => {
    const { calls, client } = recordingFetch(() => json(200, { ok: true }));
    await expect(client.request('/api/session')).resolves.toEqual({ ok: true });
    const init = calls[0]!.init;
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['X-Dojo-Console']).toBeUndefined();
  });

  it('marks every write with X-Dojo-Console: 1 and sends JSON', async () => {
    const { calls, client } = recordingFetch(() => json(201, {}));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await client.request('/api/kube/x', { method, body: { a: 1 } });
    }
    for (const { init } of calls) {
      const headers = init.headers as Record<string, string>;
      expect(headers['X-Dojo-Console']).toBe('1');
      expect(headers['Content-Type']).toBe('application/json');
      expect(init.body).toBe('{"a":1}');
    }
  });

  it('keeps a given content type, e.g. a merge patch', async () => {
    const { calls, client } = recordingFetch(() => json(200, {}));
    await client.request('/x', { method: 'PATCH', body: { spec: { replicas: 2 } }, contentType: 'application/merge-patch+json' });
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/merge-patch+json');
  });

  it('decodes a Status body into a StatusError with its causes', async () => {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 422,
      reason: 'Invalid',
      message: 'Dojo.core.jutsu.com "a" is invalid',
      details: { causes: [{ field: 'spec.replicas', message: 'spec.replicas in body should be greater than or equal to 0' }] },
    };
    const { client } = recordingFetch(() => json(422, status));
    const error = await client.request('/x', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusError);
    expect((error as StatusError).status.details?.causes?.[0]?.field).toBe('spec.replicas');
    expect((error as StatusError).reason).toBe('Invalid');
  });

  it('turns a non-Status failure into a StatusError for its code', async () => {
    const { client } = recordingFetch(() => new Response('Not Found', { status: 404 }));
    const error = (await client.request('/x').catch((e: unknown) => e)) as StatusError;
    expect(error.code).toBe(404);
    expect(error.reason).toBe('NotFound');
  });

  it('reports a network failure as 503 ServiceUnavailable', async () => {
    const client = createApiClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await client.request('/x').catch((e: unknown) => e)) as StatusError;
    expect(error.code).toBe(503);
    expect(error.message).toContain('Failed to fetch');
  });

  it('hands the Warning headers of a successful response to onWarnings, with the request', async () => {
    const reported: unknown[] = [];
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('warning', '299 - "kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic"');
    headers.append('warning', '299 - "second"');
    const client = createApiClient(async () => new Response('{}', { status: 201, headers }), {
      onWarnings: (warnings, request) => reported.push({ warnings, request }),
    });
    await client.request('/api/kube/apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics', { method: 'POST', body: {} });
    expect(reported).toEqual([
      {
        warnings: ['kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic', 'second'],
        request: { method: 'POST', path: '/api/kube/apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics' },
      },
    ]);
  });

  it('hands over the warnings of a failed response too, and still throws its StatusError', async () => {
    const reported: string[][] = [];
    const client = createApiClient(
      async () => new Response('{"kind":"Status","code":422,"reason":"Invalid","message":"no"}', { status: 422, headers: { warning: '299 - "deprecated"' } }),
      {
        onWarnings: (warnings) => reported.push(warnings),
      },
    );
    await expect(client.request('/x', { method: 'PUT', body: {} })).rejects.toBeInstanceOf(StatusError);
    expect(reported).toEqual([['deprecated']]);
  });

  it('does not call onWarnings for a response without warnings', async () => {
    let calls = 0;
    const client = createApiClient(async () => json(200, {}), { onWarnings: () => calls++ });
    await client.request('/x');
    expect(calls).toBe(0);
  });

  it('builds query strings without empty parameters', () => {
    expect(buildUrl('/api/telemetry', { sinceSeq: 5, controller: undefined, types: '' })).toBe('/api/telemetry?sinceSeq=5');
    expect(buildUrl('/x?dryRun=All', { a: 'b c' })).toBe('/x?dryRun=All&a=b+c');
  });
});
