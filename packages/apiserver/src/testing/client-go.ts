/**
 * client-go-check, our Go program on the real client-go v0.37 (src/client-go/): built once from
 * the Go module proxy into the toolchain cache, run against any kubeconfig. Each sub-command
 * prints JSON lines (see its main.go); a test asserts on them.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goBuild } from '@dojo/toolchains';

const moduleDir = fileURLToPath(new URL('../client-go/', import.meta.url));

/** The CRD the informer and dynamic sub-commands use (widgets.checks.example.com). */
export const widgetsCrd = JSON.parse(readFileSync(join(moduleDir, 'testdata/widgets-crd.json'), 'utf8')) as Record<string, unknown>;

export const widget = (namespace: string, name: string, size: number) => ({
  apiVersion: 'checks.example.com/v1',
  kind: 'Widget',
  metadata: { name, namespace, labels: { app: 'widgets' } },
  spec: { size },
});

/** The program's path, built (under nice) on first use and taken from the cache after. */
export const buildClientGoCheck = (): Promise<string> => goBuild(moduleDir, 'client-go-check', '.', { timeoutMs: 900_000 });

export interface ClientGoRun {
  code: number;
  /** Every JSON line the program printed, in order. */
  lines: any[];
  stderr: string;
}

export interface ClientGoRunOptions {
  env?: Record<string, string>;
  /** Runs after the program's first line (the informer's "synced") while it keeps running. */
  whenSynced?: () => Promise<void>;
}

/** Runs `binary <sub-command> --kubeconfig <kubeconfig> <flags...>` to its end. */
export function runClientGoCheck(
  binary: string,
  kubeconfig: string,
  [command, ...flags]: [string, ...string[]],
  options: ClientGoRunOptions = {},
): Promise<ClientGoRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [command, '--kubeconfig', kubeconfig, ...flags], {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let writes: Promise<void> | undefined;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!writes && options.whenSynced && stdout.includes('\n')) writes = options.whenSynced();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      Promise.resolve(writes)
        .then(() =>
          resolve({
            code: code ?? -1,
            lines: stdout
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l) as unknown),
            stderr,
          }),
        )
        .catch(reject);
    });
  });
}
