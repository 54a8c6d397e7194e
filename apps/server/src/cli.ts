/** The `dojo-console` command. */
import { apiserverUsage, parseApiserverArgs, runApiserver } from '@dojo/apiserver';
import { CliUsageError, parseCli, usage } from './cli-args.ts';
import { runUp } from './up.ts';

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
  const running = await runUp(command.options);
  process.stdout.write(
    [
      'Dojo Console is running.',
      `  Open:       ${running.loginUrl}`,
      `  kubectl:    kubectl --kubeconfig ${running.kubeconfigPath} get dojos -A`,
      running.apiserver ? `  API server: ${running.apiserver.url} (embedded)` : `  Cluster:    ${running.kubeconfigPath}`,
      ...(running.discord ? [`  Discord:    ${running.discord.baseUrl} (simulator)`] : []),
      ...(running.kafka ? [`  Kafka:      ${running.kafka.url} (broker simulator; faults: PUT ${running.kafka.url}/_sim/faults)`] : []),
      `  Data:       ${command.options.dataDir}`,
      '',
    ].join('\n'),
  );
  const stop = (): void => {
    void running.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`dojo-console: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
