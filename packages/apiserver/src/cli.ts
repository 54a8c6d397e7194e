/**
 * `dojo-console apiserver` (also runnable alone: `node --import tsx packages/apiserver/src/cli.ts`):
 * the embedded API server as a standalone, envtest-style process.
 */
import { parseArgs } from 'node:util';
import { startApiServer } from './api-server.ts';
import { inflightFlagOptions, inflightFlagsUsage, parseInflightFlags } from './http/inflight-flags.ts';
import type { InflightLimits } from './http/inflight-limiter.ts';

export const apiserverUsage = `Usage: dojo-console apiserver [--data-dir DIR] [--port N] [--request-journal on|off] [--client-controls on|off] [--max-requests-inflight N ...]

Runs the embedded Kubernetes-compatible API server alone (HTTPS on 127.0.0.1).

  --data-dir DIR   State, credentials and kubeconfig (default .dojo-console/).
  --port N         HTTPS port (default 6443; 0 picks a free one).
  --request-journal on|off
                   Journal every request and watch, by client (default on; served to the
                   admin token at /debug/requests, kept in DIR/request-journal.jsonl).
  --client-controls on|off
                   Consult the per-client controls (pause, breakpoints, stale views,
                   faults) on each request (default on; off is the reference the
                   client-controls benchmark measures unused controls against).
${inflightFlagsUsage}
                   Beyond them: 429 with Retry-After; watches and the admin are exempt.
  -h, --help       Show this text.
`;

export interface ApiserverCliOptions {
  dataDir: string;
  port: number;
  requestJournal: boolean;
  clientControls: boolean;
  inflight: Partial<InflightLimits>;
}

export function parseApiserverArgs(argv: readonly string[]): ApiserverCliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'request-journal': { type: 'string' },
      'client-controls': { type: 'string' },
      ...inflightFlagOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const port = Number(values.port ?? '6443');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port "${values.port}": must be an integer between 0 and 65535`);
  const journal = values['request-journal'] ?? 'on';
  if (journal !== 'on' && journal !== 'off') throw new Error(`invalid --request-journal "${journal}": must be on or off`);
  const controls = values['client-controls'] ?? 'on';
  if (controls !== 'on' && controls !== 'off') throw new Error(`invalid --client-controls "${controls}": must be on or off`);
  return {
    dataDir: values['data-dir'] ?? '.dojo-console',
    port,
    requestJournal: journal === 'on',
    clientControls: controls === 'on',
    inflight: parseInflightFlags(values),
  };
}

export async function runApiserver(options: ApiserverCliOptions): Promise<void> {
  const server = await startApiServer({
    dataDir: options.dataDir,
    port: options.port,
    requestJournal: options.requestJournal,
    clientControls: options.clientControls,
    inflight: options.inflight,
  });
  process.stdout.write(`Embedded API server listening on ${server.url}\n  kubectl --kubeconfig ${server.kubeconfigPath} get namespaces\n`);
  const stop = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const parsed = parseApiserverArgs(process.argv.slice(2));
    if (parsed === 'help') process.stdout.write(apiserverUsage);
    else await runApiserver(parsed);
  } catch (err) {
    process.stderr.write(`apiserver: ${(err as Error).message}\n\n${apiserverUsage}`);
    process.exit(2);
  }
}
