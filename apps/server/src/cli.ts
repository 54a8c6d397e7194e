/** The `dojo-console` command. */
import { apiserverUsage, parseApiserverArgs, runApiserver, startApiServer } from '@dojo/apiserver';
import { CliUsageError, parseCli, usage } from './cli-args.ts';
import { startConsoleServer } from './console-server.ts';

async function main(): Promise<void> {
  let command;
  try {
    command = parseCli(process.argv.slice(2));
  } catch (err) {
    if (err instanceof CliUsageError) {
      process.stderr.write(`dojo-console: ${err.message}\n\n${usage}`);
      process.exit(2);
    }
    throw err;
  }
  if (command.name === 'help') {
    process.stdout.write(command.text);
    return;
  }
  if (command.name === 'apiserver') {
    let options;
    try {
      options = parseApiserverArgs(command.argv);
    } catch (err) {
      process.stderr.write(`dojo-console apiserver: ${(err as Error).message}\n\n${apiserverUsage}`);
      process.exit(2);
    }
    if (options === 'help') process.stdout.write(apiserverUsage);
    else await runApiserver(options);
    return;
  }
  const { options } = command;
  const apiserver = await startApiServer({ dataDir: options.dataDir, port: options.apiserverPort });
  const server = await startConsoleServer(options);
  process.stdout.write(
    [
      'Dojo Console is running.',
      `  Open:       ${server.url}`,
      `  kubectl:    kubectl --kubeconfig ${apiserver.kubeconfigPath} get namespaces`,
      `  API server: ${apiserver.url} (embedded)`,
      `  Data:       ${options.dataDir}`,
      '',
    ].join('\n'),
  );
  const stop = (): void => {
    void Promise.allSettled([server.close(), apiserver.close()]).finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`dojo-console: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
