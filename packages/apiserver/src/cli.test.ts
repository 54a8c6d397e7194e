import { afterEach, describe, expect, it } from 'vitest';
import { parseApiserverArgs } from './cli.ts';
import { connectClient, tokenOf } from './clients/client-kubeconfigs.ts';
import { httpsCall } from './testing/https-call.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

describe('dojo-console apiserver flags', () => {
  it('turns the request journal and the per-client controls on by default, off when asked, and refuses other words', () => {
    expect(parseApiserverArgs([])).toMatchObject({ requestJournal: true, clientControls: true });
    expect(parseApiserverArgs(['--request-journal', 'off', '--client-controls', 'off'])).toMatchObject({ requestJournal: false, clientControls: false });
    expect(() => parseApiserverArgs(['--client-controls', 'maybe'])).toThrow('invalid --client-controls "maybe": must be on or off');
  });
});

describe('--client-controls off, the reference the client-controls benchmark measures against', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.stop());

  // The benchmark only means something if "off" really skips the controls and "on" really asks them.
  it.each([
    [true, 503],
    [false, 200],
  ])('with controls %s, a connected client with a fault rule on its reads gets %i', async (clientControls, code) => {
    server = await startTestServer({ clientControls });
    const credential = connectClient(server.dataDir, 'op');
    server.requestFaults.add('op', { verbs: ['get'], resource: 'namespaces', status: 503 });
    const asOp = { host: '127.0.0.1', port: server.port, caPem: server.credentials.caCertPem, token: tokenOf(credential.kubeconfigPath)! };
    expect((await httpsCall(asOp, 'GET', '/api/v1/namespaces/default')).status).toBe(code);
  });
});
