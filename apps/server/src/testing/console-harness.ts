/** Starts the whole console (embedded cluster) in a temp dir for tests, with client helpers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { ApiServerThreadOptions } from '@dojo/apiserver';
import { discordSimulatorService, kafkaBrokerService, operatorNames } from '@dojo/operator';
import type { DiscordSimulator } from '@dojo/discord';
import type { KafkaBrokerSimulator } from '@dojo/operator/kafka-broker';
import { runUp, type RunningConsole } from '../up.ts';
import { kubectlFor } from './kubectl.ts';
import { testUpOptions } from './up-options.ts';

export interface ConsoleHarness extends RunningConsole {
  base: string;
  dataDir: string;
  http(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; token?: string | null },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  socket(options?: { token?: string | null; origin?: string }): Promise<LiveClient>;
  /** Runs the real kubectl against the embedded cluster; rejects with its stderr on failure. */
  kubectl(args: string[], stdin?: string): Promise<string>;
  /** The Kafka broker simulator the KafkaTopic example started. */
  kafka: KafkaBrokerSimulator | undefined;
  /** The Discord simulator the Dojo operator started. */
  discord: DiscordSimulator | undefined;
  close(): Promise<void>;
}

export interface LiveClient {
  ws: WebSocket;
  messages: any[];
  send(message: unknown): void;
  next(predicate: (m: any) => boolean, timeoutMs?: number): Promise<any>;
}

export async function startConsole(
  extra: {
    allowSecretData?: boolean;
    journalCapacity?: number;
    maxSocketBufferBytes?: number;
    historyRetentionMs?: number;
    apiserverThread?: ApiServerThreadOptions;
  } = {},
): Promise<ConsoleHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-'));
  const running = await runUp(
    testUpOptions({
      dataDir,
      operators: [...operatorNames],
      allowSecretData: extra.allowSecretData ?? false,
      ...(extra.historyRetentionMs ? { historyRetentionMs: extra.historyRetentionMs } : {}),
    }),
    {
      ...(extra.journalCapacity ? { journalCapacity: extra.journalCapacity } : {}),
      ...(extra.maxSocketBufferBytes ? { maxSocketBufferBytes: extra.maxSocketBufferBytes } : {}),
      ...(extra.apiserverThread ? { apiserverThread: extra.apiserverThread } : {}),
    },
  );
  const base = running.console.url.replace(/\/$/, '');
  const http: ConsoleHarness['http'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? running.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'GET') headers['x-dojo-console'] ??= '1';
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${base}${path}`, { method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const socket: ConsoleHarness['socket'] = (options = {}) =>
    new Promise((resolve, reject) => {
      const token = options.token === undefined ? running.token : options.token;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.origin ? { origin: options.origin } : {}) },
      });
      const messages: any[] = [];
      const waiters: { predicate: (m: any) => boolean; resolve: (m: any) => void }[] = [];
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        messages.push(m);
        for (const w of [...waiters]) {
          if (w.predicate(m)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(m);
          }
        }
      });
      ws.once('open', () =>
        resolve({
          ws,
          messages,
          send: (m) => ws.send(JSON.stringify(m)),
          next: (predicate, timeoutMs = 10_000) =>
            new Promise((res, rej) => {
              const found = messages.find(predicate);
              if (found) return res(found);
              const timer = setTimeout(() => rej(new Error('timed out waiting for a message')), timeoutMs);
              waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), res(m)) });
            }),
        }),
      );
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode })));
      ws.once('error', reject);
    });
  const kubectl = kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache'));
  return {
    ...running,
    kafka: running.services.get(kafkaBrokerService),
    discord: running.services.get(discordSimulatorService),
    base,
    dataDir,
    http,
    socket,
    kubectl,
    async close() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
