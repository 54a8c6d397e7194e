/**
 * The `dojo-console` command (bin/dojo-console.mjs runs it; so does
 * `node --import tsx apps/server/src/cli.ts`). Exit statuses: 0 success, 1 runtime failure,
 * 2 usage error (cli-usage.ts, docs/cli.md).
 */
import { apiserverUsage, DataDirPermissionError, parseApiserverArgs, runApiserver } from '@dojo/apiserver';
import { isInvalid, type StatusError } from '@dojo/kube-api';
import { runConnect } from './activity/connect-command.ts';
import { CliUsageError, parseCli } from './cli-args.ts';
import { connectUsage, exitCodes, rbacUsage, usage, webhookUsage } from './cli-usage.ts';
import { clientUsage, ClientUsageError, parseClientCommand, runClientCommand, runRbac } from '@dojo/client-controls';
import { consoleVersion } from './console-version.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { runExport, runOpen } from './recording/recording-commands.ts';
import { otlpExporterEnv, shellAssignments } from '@dojo/telemetry-sources';
import { runUp } from './up.ts';
import { parseWebhookCommand, runWebhookCommand, WebhookUsageError } from './webhooks/webhook-command.ts';

function usageError(prefix: string, message: string, help: string): never {
  process.stderr.write(`${prefix}: ${message}\n\n${help}`);
  process.exit(exitCodes.usage);
}

async function main(): Promise<void> {
  limitHeapGrowth();
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (err) {
    if (err instanceof CliUsageError) usageError('dojo-console', err.message, usage);
    throw err;
  }
  if (command.name === 'help') {
    process.stdout.write(command.text);
    return;
  }
  if (command.name === 'version') {
    process.stdout.write(`dojo-console ${consoleVersion()}\n`);
    return;
  }
  if (command.name === 'connect') {
    try {
      process.exitCode = await runConnect(command, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
    } catch (err) {
      if (isInvalid(err))
        usageError(
          'dojo-console connect',
          `invalid name "${command.client}": ${(err as StatusError).status.details?.causes?.[0]?.message ?? (err as Error).message}`,
          connectUsage,
        );
      throw err;
    }
    return;
  }
  if (command.name === 'rbac') {
    try {
      process.exitCode = await runRbac(command, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
    } catch (err) {
      if (isInvalid(err))
        usageError(
          'dojo-console rbac',
          `invalid name "${command.client}": ${(err as StatusError).status.details?.causes?.[0]?.message ?? (err as Error).message}`,
          rbacUsage,
        );
      throw err;
    }
    return;
  }
  if (command.name === 'client') {
    let parsed;
    try {
      parsed = parseClientCommand(command.argv);
    } catch (err) {
      if (err instanceof ClientUsageError) usageError('dojo-console client', err.message, clientUsage());
      throw err;
    }
    if (parsed === 'help') process.stdout.write(clientUsage());
    else process.exitCode = await runClientCommand(parsed, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
    return;
  }
  if (command.name === 'webhook') {
    let parsed;
    try {
      parsed = parseWebhookCommand(command.argv);
    } catch (err) {
      if (err instanceof WebhookUsageError) usageError('dojo-console webhook', err.message, webhookUsage);
      throw err;
    }
    if (parsed === 'help') process.stdout.write(webhookUsage);
    else process.exitCode = await runWebhookCommand(parsed, { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) });
    return;
  }
  if (command.name === 'apiserver') {
    let options;
    try {
      options = parseApiserverArgs(command.argv);
    } catch (err) {
      usageError('dojo-console apiserver', (err as Error).message, apiserverUsage);
    }
    if (options === 'help') process.stdout.write(apiserverUsage);
    else await runApiserver(options);
    return;
  }
  if (command.name === 'export') {
    await runExport(command.options);
    return;
  }
  if (command.name === 'open') {
    const opened = await runOpen(command.options);
    stopOn(opened.stop);
    return;
  }
  const running = await runUp(command.options);
  process.stdout.write(
    [
      'Dojo Console is running.',
      `  Open:       ${running.loginUrl}`,
      `  kubectl:    kubectl --kubeconfig ${running.kubeconfigPath} get dojos -A`,
      running.apiserver
        ? `  API server: ${running.apiserver.url} (embedded${running.apiserver.mode === 'thread' ? ', on its own thread' : ''})`
        : `  Cluster:    ${running.kubeconfigPath}`,
      ...running.services.list().map((s) => `  ${`${s.label}:`.padEnd(12)}${s.url}${s.note ? ` (${s.note})` : ''}`),
      `  Data:       ${command.options.dataDir}`,
      `  History:    ${command.options.dataDir}/history.db (kept ${formatRetention(running.history.retention)})`,
      ...(running.traces ? otlpLines(running.traces) : []),
      '',
    ].join('\n'),
  );
  stopOn(() => running.stop());
}

/** The exact settings an operator's OpenTelemetry exporter needs (docs/opentelemetry.md). */
function otlpLines(traces: { endpoint: string; token: string }): string[] {
  return [
    `  OTLP traces: ${traces.endpoint}/v1/traces — run the operator with:`,
    ...shellAssignments(otlpExporterEnv(traces.endpoint, traces.token)).map((line) => `    ${line}`),
  ];
}

/** Ctrl-C (SIGINT) and SIGTERM stop the server and exit 0, or 1 when stopping failed. */
function stopOn(stopServer: () => Promise<void>): void {
  const stop = (): void => {
    stopServer().then(
      () => process.exit(exitCodes.ok),
      (err: unknown) => fail(err),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function formatRetention(r: { maxAgeMs: number; maxBytes: number }): string {
  const hours = r.maxAgeMs / 3_600_000;
  const age = hours >= 1 ? `${Number(hours.toFixed(1))}h` : `${Math.round(r.maxAgeMs / 1000)}s`;
  return `${age}, at most ${Math.round(r.maxBytes / 1024 / 1024)} MB; --history-retention, --history-max-mb`;
}

function fail(err: unknown): never {
  // A data directory open to others is the person's to fix: the message says how; a stack would bury it.
  const text = err instanceof DataDirPermissionError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`dojo-console: ${text}\n`);
  process.exit(exitCodes.failure);
}

main().catch(fail);
