/**
 * A small operator written as a script, run the same way against any API server given a
 * kubeconfig: it lists and watches ConfigMaps with its own User-Agent (so the console names it
 * as a client of its own), and its reconcile is spelled out by the test step by step (a read, a
 * racing write by someone else, its stale update's 409, its retry). Its token is the
 * kubeconfig's, as an operator given an admin kubeconfig would run.
 */
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { parse } from 'yaml';
import { httpsCall, type CallResult, type HttpsTarget } from '@dojo/apiserver/testing';

export const scriptedOperatorAgent = 'scripted-operator/1.0';

/** Host, port, CA and bearer token of a kubeconfig's first cluster and user (the embedded console's and the oracle's both have that shape). */
export function kubeconfigTarget(path: string): HttpsTarget {
  const kubeconfig = parse(readFileSync(path, 'utf8'));
  const server = new URL(kubeconfig.clusters[0].cluster.server as string);
  return {
    host: server.hostname,
    port: Number(server.port),
    caPem: Buffer.from(kubeconfig.clusters[0].cluster['certificate-authority-data'] as string, 'base64').toString('utf8'),
    token: kubeconfig.users[0].user.token as string,
  };
}

export interface WatchEvent {
  type: string;
  object: { metadata: { name: string; resourceVersion: string } };
}

export class ScriptedOperator {
  readonly events: WatchEvent[] = [];
  #watch: IncomingMessage | undefined;
  #wake: (() => void) | undefined;

  constructor(readonly target: HttpsTarget) {}

  call(method: string, path: string, body?: unknown): Promise<CallResult> {
    return httpsCall(this.target, method, path, body, { 'user-agent': scriptedOperatorAgent });
  }

  /** A reflector's start: list, then watch from the list's resourceVersion. */
  async listAndWatch(collection: string): Promise<void> {
    const list = await this.call('GET', collection);
    if (list.status !== 200) throw new Error(`list ${collection}: ${list.status} ${list.raw.toString()}`);
    const rv = list.body.metadata.resourceVersion as string;
    this.#watch = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        {
          host: this.target.host,
          port: this.target.port,
          ca: this.target.caPem,
          path: `${collection}?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}`,
          headers: { authorization: `Bearer ${this.target.token}`, 'user-agent': scriptedOperatorAgent },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    let buffer = '';
    this.#watch.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        this.events.push(JSON.parse(buffer.slice(0, newline)) as WatchEvent);
        buffer = buffer.slice(newline + 1);
      }
      this.#wake?.();
    });
    this.#watch.on('error', () => {});
  }

  /** The first event that `matches`, waiting for it up to `timeoutMs`. */
  async event(matches: (event: WatchEvent) => boolean, timeoutMs = 30_000): Promise<WatchEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(matches);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no such watch event within ${timeoutMs} ms; had ${JSON.stringify(this.events.map((e) => `${e.type} ${e.object.metadata.name}`))}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 500);
      });
    }
  }

  stop(): void {
    this.#watch?.destroy();
  }
}
