/** Parses `dojo-console` arguments; a bad flag is a `CliUsageError` (exit code 2). */
import { parseArgs } from 'node:util';

export class CliUsageError extends Error {}

export interface UpOptions {
  host: string;
  port: number;
  dataDir: string;
  apiserverPort: number;
}

export type CliCommand = { name: 'help'; text: string } | { name: 'up'; options: UpOptions } | { name: 'apiserver'; argv: string[] };

export const usage = `Usage: dojo-console <command> [flags]

Commands:
  up          Start the console (default command, what \`npm start\` runs).
  apiserver   Run the embedded Kubernetes-compatible API server alone
              (see \`dojo-console apiserver --help\`).
  help        Show this text.

Flags for up:
  --host HOST       Address the console listens on (default 127.0.0.1).
  --port N          Console port (default 8080, or $PORT).
  --data-dir DIR    Where state lives (default .dojo-console/ in the current directory).
  --apiserver-port N  Port of the embedded API server (default 6443; 0 picks a free one).
  -h, --help        Show this text.
`;

function parsePort(raw: string, flag: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`invalid ${flag} "${raw}": must be an integer between 0 and 65535`);
  }
  return port;
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  // The apiserver subcommand owns its flags (packages/apiserver parses them).
  if (argv[0] === 'apiserver') return { name: 'apiserver', argv: argv.slice(1) };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'apiserver-port': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'up';
  if (values.help || command === 'help') return { name: 'help', text: usage };
  if (positionals.length > 1) throw new CliUsageError(`unexpected argument "${positionals[1]}"`);
  if (command !== 'up') throw new CliUsageError(`unknown command "${command}"`);
  return {
    name: 'up',
    options: {
      host: values.host ?? '127.0.0.1',
      port: parsePort(values.port ?? env.PORT ?? '8080', values.port ? '--port' : 'PORT'),
      dataDir: values['data-dir'] ?? '.dojo-console',
      apiserverPort: parsePort(values['apiserver-port'] ?? '6443', '--apiserver-port'),
    },
  };
}
