/**
 * Before `dojo-console connect` writes a credential: is the API server of that data dir
 * running? A credential for a data dir nothing serves (a console started elsewhere, or from
 * another directory, so `--data-dir` defaulted to a fresh ./.dojo-console) would name a server
 * where nothing listens. The data dir's admin kubeconfig names the server and its CA; it runs
 * if it answers `/readyz` over TLS verified with that CA within a short timeout (any answer:
 * the CA proves it is this data dir's server).
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { parse } from 'yaml';

export type ServerProbe = { running: true; server: string } | { running: false; server?: string; why: string };

interface KubeconfigCluster {
  clusters?: { cluster?: { server?: unknown; 'certificate-authority-data'?: unknown } }[];
}

export async function probeDataDirServer(dataDir: string, timeoutMs = 2000): Promise<ServerProbe> {
  const kubeconfigPath = join(dataDir, 'kubeconfig');
  if (!existsSync(kubeconfigPath)) return { running: false, why: `no console or API server has run with ${dataDir} as its data dir (it has no kubeconfig)` };
  const cluster = (parse(readFileSync(kubeconfigPath, 'utf8')) as KubeconfigCluster | null)?.clusters?.[0]?.cluster;
  const server = typeof cluster?.server === 'string' ? cluster.server : undefined;
  const caData = typeof cluster?.['certificate-authority-data'] === 'string' ? cluster['certificate-authority-data'] : undefined;
  if (!server || !caData) return { running: false, why: `${kubeconfigPath} names no server and CA` };
  const ca = Buffer.from(caData, 'base64').toString('utf8');
  return new Promise((resolve) => {
    const req = request(new URL('/readyz', server), { ca, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve({ running: true, server });
    });
    req.once('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.once('error', (error) => resolve({ running: false, server, why: `nothing of this data dir answers at ${server} (${error.message})` }));
    req.end();
  });
}
