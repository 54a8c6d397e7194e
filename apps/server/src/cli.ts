/** The `dojo-console` command. */
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
  const server = await startConsoleServer(command.options);
  process.stdout.write(`Dojo Console is running.\n  Open: ${server.url}\n`);
  const stop = (): void => {
    void server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`dojo-console: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
