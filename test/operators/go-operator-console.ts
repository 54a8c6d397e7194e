/**
 * What the Go operator suites share: a whole console started as `npm start` starts it (the same
 * flag parser, then `runUp`), `dojo-console connect NAME` run as the command a person types, the
 * operator run as its own process group (so `make run`'s `go run` child stops with it), and the
 * console's HTTP API read as the browser reads it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseCli, runUp, type RunningConsole } from '@dojo/server';
import { testUpOptions } from '@dojo/server/testing';

const dojoConsoleBin = fileURLToPath(new URL('../../apps/server/bin/dojo-console.mjs', import.meta.url));

export interface OperatorConsole {
  up: RunningConsole;
  /** `GET` a console API path with the console's token, as the browser does. */
  api<T>(path: string): Promise<T>;
  /** `POST` JSON to a console API path, with the token and the header its CSRF guard wants. */
  post<T>(path: string, body: object): Promise<T>;
  /** Runs `dojo-console connect NAME --data-dir … [flags]` and returns the kubeconfig path it prints. */
  connect(name: string, ...flags: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** A console on loopback and free ports with `flags` as `npm start -- flags` would read them. */
export async function startConsole(dataDir: string, flags: string[]): Promise<OperatorConsole> {
  const parsed = parseCli(['up', ...flags], {});
  if (parsed.name !== 'up') throw new Error(`not an up command: ${flags.join(' ')}`);
  const { host: _host, port: _port, apiserverPort: _apiserverPort, dataDir: _dataDir, ...fromFlags } = parsed.options;
  const up = await runUp(testUpOptions({ ...fromFlags, dataDir, operators: [] }));
  return {
    up,
    api: async <T>(path: string): Promise<T> => {
      const res = await fetch(`${up.console.url}${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${up.token}` } });
      if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, body: object): Promise<T> => {
      const res = await fetch(`${up.console.url}${path.replace(/^\//, '')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${up.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    connect: async (name, ...flags) => {
      const { stdout } = await promisify(execFile)(process.execPath, [dojoConsoleBin, 'connect', name, '--data-dir', dataDir, ...flags]);
      return stdout.trim();
    },
    stop: () => up.stop(),
  };
}

/** A free loopback port, for a program that must be told its port up front. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OperatorProcess {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `command` in a process group of its own, keeping its output for failure messages. */
export function startOperator(command: string, args: string[], options: { cwd?: string; env: Record<string, string> }): OperatorProcess {
  const child = spawn('nice', ['-n', '10', command, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The group: `make run` → `go run` → the operator's binary.
      process.kill(-child.pid!, 'SIGTERM');
      const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Polls `read` until `done` holds, then returns the value and how long it took; throws with `what` at the deadline. */
export async function eventually<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: () => string,
  timeoutMs = 60_000,
): Promise<{ value: T; afterMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return { value, afterMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs each step, keeping how long it took under its label in `timings` (a test reports where its minutes went). */
export function stepTimer(timings: Record<string, number>): <T>(label: string, step: () => Promise<T>) => Promise<T> {
  return async (label, step) => {
    const started = Date.now();
    try {
      return await step();
    } finally {
      timings[label] = Date.now() - started;
    }
  };
}
