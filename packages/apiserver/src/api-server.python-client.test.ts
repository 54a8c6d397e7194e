/**
 * The official Kubernetes Python client (Debian's python3-kubernetes) against the embedded
 * server: one Python process runs every check of src/python-client/checks_*.py, and each check
 * is one test here, named by its docstring.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPythonWithKubernetes, pythonClientHelp } from './testing/python-client.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const checksDir = fileURLToPath(new URL('./python-client/', import.meta.url));

interface Check {
  module: string;
  name: string;
  title: string;
}

/** Every check_* function with its docstring, in file and definition order. */
const checks: Check[] = readdirSync(checksDir)
  .filter((f) => /^checks_\w+\.py$/.test(f))
  .sort()
  .flatMap((file) =>
    [...readFileSync(`${checksDir}${file}`, 'utf8').matchAll(/^def (check_\w+)\(ctx\):\n\s+"""(.+?)"""/gm)].map((m) => ({
      module: file.slice(0, -3),
      name: m[1]!,
      title: m[2]!,
    })),
  );

const python = findPythonWithKubernetes();
if (!python) console.warn(`\n*** SKIPPING the Python-client suite (${checks.length} checks). ${pythonClientHelp} ***\n`);

interface Result {
  check: string;
  ok: boolean;
  detail: string;
  seconds: number;
}

let server: TestServer;
const results = new Map<string, Result>();
let harnessOutput = '';

beforeAll(async () => {
  if (!python) return;
  // A short history, so that a check can push a revision out of it with a few writes (410 Gone).
  server = await startTestServer({ historySize: 100, watch: { bookmarkIntervalMs: 300 } });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(python, [`${checksDir}harness.py`, server.kubeconfigPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (harnessOutput += d.toString()));
    child.on('error', reject);
    child.on('close', () => {
      for (const line of stdout.split('\n').filter(Boolean)) {
        try {
          const result = JSON.parse(line) as Result;
          results.set(result.check, result);
        } catch {
          harnessOutput += `${line}\n`;
        }
      }
      resolve();
    });
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!python)('the Kubernetes Python client', () => {
  it('finds its checks', () => {
    expect(checks.length).toBeGreaterThan(20);
  });

  it.each(checks.map((c) => [`${c.title} (${c.module}.${c.name})`, c.name]))('%s', (_, name) => {
    const result = results.get(name);
    expect(result, `the harness did not report ${name}:\n${harnessOutput}`).toBeDefined();
    expect(result!.ok, result!.detail).toBe(true);
  });
});
