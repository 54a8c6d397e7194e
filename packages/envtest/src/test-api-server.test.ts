import { existsSync } from 'node:fs';
import { CoreV1Api, Watch } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApiServer, type TestApiServer } from './test-api-server.ts';

/** The first event a watch from `resourceVersion` delivers: an ERROR Status when it is too old (the server then ends the watch). */
function firstWatchEvent(server: TestApiServer, resourceVersion: string): Promise<{ type: string; object: { code?: number } }> {
  return new Promise((resolve, reject) => {
    void new Watch(server.kubeConfig())
      .watch(
        '/api/v1/namespaces/default/configmaps',
        { resourceVersion },
        (type, object: { code?: number }) => resolve({ type, object }),
        (error: unknown) => reject(error instanceof Error ? error : new Error('the watch ended without an event')),
      )
      .catch(reject);
  });
}

// Each restart starts a server process; on a loaded machine that takes seconds.
const restarts = { timeout: 120_000 };

describe('startTestApiServer', () => {
  let server: TestApiServer;
  const core = () => server.kubeConfig().makeApiClient(CoreV1Api);

  beforeAll(async () => {
    server = await startTestApiServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the Kubernetes API over HTTPS to a client built from its kubeconfig', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const namespaces = await core().listNamespace();
    expect(namespaces.items.map((n) => n.metadata?.name)).toContain('default');
  });

  it('keeps its objects and its port across a restart', restarts, async () => {
    const port = server.port;
    await core().createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'kept' }, data: { a: '1' } } });
    await server.restart();
    expect(server.port).toBe(port);
    const kept = await core().readNamespacedConfigMap({ namespace: 'default', name: 'kept' });
    expect(kept.data).toEqual({ a: '1' });
  });

  it('makes resourceVersions handed out before forceHistoryLoss too old to watch from (410 Expired)', restarts, async () => {
    const before = await core().createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'before-loss' } } });
    await server.forceHistoryLoss();
    const event = await firstWatchEvent(server, before.metadata!.resourceVersion!);
    expect(event).toMatchObject({ type: 'ERROR', object: { code: 410 } });
  });

  it('removes the data dir it made when stopped', restarts, async () => {
    const own = await startTestApiServer();
    expect(existsSync(own.dataDir)).toBe(true);
    await own.stop();
    expect(existsSync(own.dataDir)).toBe(false);
  });
});
