/**
 * The Guestbook operator (apps/server/src/testing/external-operators/fluent-operator.ts) as its
 * own process, an operator the console did not start: its CRD, and a start that resolves once
 * it watches. `mode` is the operator's own: `converge`, or `flap` for a hot loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const guestbookCrd = parse(readFileSync('apps/server/src/testing/external-operators/guestbook-crd.yaml', 'utf8'));

export interface GuestbookOperator {
  child: ChildProcess;
  ready: Promise<void>;
  output: () => string;
}

export function startGuestbookOperator(kubeconfig: string, namespace: string, mode: 'converge' | 'flap', extraArgs: readonly string[] = []): GuestbookOperator {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/testing/external-operators/fluent-operator.ts', '--mode', mode, '--namespace', namespace, ...extraArgs],
    {
      env: { ...process.env, KUBECONFIG: kubeconfig },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('watching')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`the operator exited with ${code}:\n${output}`)));
  });
  return { child, ready, output: () => output };
}
