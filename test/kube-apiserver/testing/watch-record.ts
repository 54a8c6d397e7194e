/**
 * Every event of one watch on the real API server, kept in arrival order: the server's own
 * account of what was created, changed and deleted, independent of what any client reports.
 * Started before the clients under test, it sees every create they make.
 */
import type { ClientRequest } from 'node:http';
import { request } from 'node:https';
import type { HttpsTarget } from '@dojo/apiserver/testing';

export interface WatchedEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: { metadata: { name: string; namespace?: string; uid: string; resourceVersion: string; generation?: number } };
}

export interface WatchRecord {
  readonly events: readonly WatchedEvent[];
  /** How often the server reported `name` created (ADDED) and deleted (DELETED). */
  lifecycle(name: string): { added: number; deleted: number };
  stop(): void;
}

/**
 * `path` is a collection, e.g. `/apis/apps/v1/namespaces/default/deployments`; resolves once the
 * server accepted the watch. A kind whose watch cache is still initializing (a CRD established
 * a moment ago) is answered 429 with Retry-After, as kube-apiserver does: asked again until then.
 */
export async function recordWatch(target: HttpsTarget, path: string, timeoutMs = 60_000): Promise<WatchRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await openWatch(target, path);
    if (typeof answer !== 'number') return answer;
    if (Date.now() > deadline) throw new Error(`watch ${path}: still 429 after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, answer * 1000));
  }
}

/** The watch, or the seconds to wait when the server said 429. */
function openWatch(target: HttpsTarget, path: string): Promise<WatchRecord | number> {
  const events: WatchedEvent[] = [];
  let req: ClientRequest;
  return new Promise((resolve, reject) => {
    req = request(
      { host: target.host, port: target.port, path: `${path}?watch=true`, ca: target.caPem, headers: { authorization: `Bearer ${target.token}` } },
      (res) => {
        if (res.statusCode === 429) {
          res.resume();
          return resolve(Number(res.headers['retry-after'] ?? 1) || 1);
        }
        if (res.statusCode !== 200) return reject(new Error(`watch ${path}: HTTP ${res.statusCode}`));
        let buffered = '';
        res.setEncoding('utf8');
        // A watch is newline-delimited JSON, one event per line.
        res.on('data', (chunk: string) => {
          buffered += chunk;
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) if (line.trim()) events.push(JSON.parse(line) as WatchedEvent);
        });
        resolve({
          events,
          lifecycle: (name) => ({
            added: events.filter((e) => e.type === 'ADDED' && e.object.metadata.name === name).length,
            deleted: events.filter((e) => e.type === 'DELETED' && e.object.metadata.name === name).length,
          }),
          stop: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
