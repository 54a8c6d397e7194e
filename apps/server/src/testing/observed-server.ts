/**
 * An embedded API server with the console's activity service reading its request journal, for
 * tests that run real clients (kubectl, Python, third-party frameworks) against it, each as its
 * own process, and look at what the console infers.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { ClientIdentifier } from '@dojo/activity';
import { startApiServer, type ApiServer } from '@dojo/apiserver';
import type { ActivitySnapshot, ConnectAnswer, TelemetryRecord } from '@dojo/console-protocol';
import { Journal, KubeTransport, type TransportResponse } from '@dojo/runtime';
import { eventually } from '@dojo/live-feeds/testing';
import { ActivityService } from '@dojo/live-feeds';

// The console's tests wait with it from here, beside the server they observe.
export { eventually };

export const guestbookCrdPath = fileURLToPath(new URL('./external-operators/guestbook-crd.yaml', import.meta.url));
export const guestbooks = '/apis/webapp.example.com/v1/namespaces/default/guestbooks';

export interface ObservedServer {
  apiserver: ApiServer;
  service: ActivityService;
  journal: Journal;
  dataDir: string;
  /** A request with the admin token (and the given User-Agent). */
  admin(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, contentType?: string): Promise<TransportResponse>;
  connect(name: string): ConnectAnswer;
  snapshot(): ActivitySnapshot;
  telemetry<T extends TelemetryRecord['type']>(type: T, controller?: string): Extract<TelemetryRecord, { type: T }>[];
  stop(): Promise<void>;
}

export async function startObservedServer(userAgent = 'kubectl/v1.33.0 (linux/amd64) kubernetes/test'): Promise<ObservedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-activity-'));
  const apiserver = await startApiServer({ dataDir, port: 0 });
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(apiserver.kubeconfigPath);
  const consoleTransport = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'dojo-console' });
  const admin = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent });
  const journal = new Journal({ capacity: 200_000 });
  const service = new ActivityService({
    transport: consoleTransport,
    journal,
    identifier: new ClientIdentifier(),
    dataDir,
    server: apiserver.url,
    tickMs: 100,
  });
  service.start();
  const crd = parse(readFileSync(guestbookCrdPath, 'utf8'));
  await admin.request({ method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: JSON.stringify(crd) });
  const served = async () => (await admin.request({ method: 'GET', path: guestbooks })).code === 200;
  await eventually(served, 'the Guestbook CRD to be served');
  return {
    apiserver,
    service,
    journal,
    dataDir,
    admin: (method, path, body, contentType) =>
      admin.request({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(contentType ? { contentType } : {}) }),
    connect: (name) => service.connect(name),
    snapshot: () => service.snapshot(),
    telemetry: (type, controller) =>
      journal.query({ limit: 200_000, types: [type], ...(controller ? { controller } : {}) }).records as Extract<TelemetryRecord, { type: typeof type }>[],
    async stop() {
      service.stop();
      consoleTransport.close();
      admin.close();
      await apiserver.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
