/**
 * `dojo-console --help`. The flags of `up` are printed from their one declaration (up-flags.ts,
 * operator modules' own settings included) and the operators' lines come from the operator
 * registry, so a new flag or example operator shows up here without an edit. docs/cli.md says
 * the same at more length.
 */
import { operators } from '@dojo/operator';
import { upFlags, type UpFlag } from './up-flags.ts';

/** The exit statuses every command keeps (docs/cli.md). */
export const exitCodes = { ok: 0, failure: 1, usage: 2 } as const;

const flagColumn = 22;
const width = 96;

/** `text` in lines of at most `width` columns, each after `indent` spaces. */
function wrap(text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `${' '.repeat(indent)}${l}`);
}

/** A flag's head, and its help (with what applies without it) at the help column. */
function flagLines(flags: readonly UpFlag[]): string {
  return flags
    .flatMap((f) => {
      const head = `  ${f.short ? `-${f.short}, ` : ''}--${f.flag}${f.value ? ` ${f.value}` : ''}`;
      const text = f.default ? `${f.help.replace(/\.$/, '')} (default: ${f.default}).` : f.help.endsWith('.') ? f.help : `${f.help}.`;
      const body = wrap(text, flagColumn);
      const lines = head.length < flagColumn ? [`${head.padEnd(flagColumn)}${body[0]!.trimStart()}`, ...body.slice(1)] : [head, ...body];
      return [...lines, ...(f.details?.() ?? [])];
    })
    .join('\n');
}

function operatorLines(): string[] {
  const nameWidth = Math.max(...operators.map((o) => o.name.length)) + 2;
  return operators.flatMap((o) => {
    const [first, ...rest] = wrap(`seed ${o.seed}: ${o.description.replaceAll('`', '')}`, flagColumn + 2 + nameWidth);
    return [`${' '.repeat(flagColumn + 2)}${o.name.padEnd(nameWidth)}${first!.trimStart()}`, ...rest];
  });
}

export const usage = `Usage: dojo-console <command> [flags]
       dojo-console export [--data-dir DIR] --output FILE [--since DURATION]
       dojo-console open FILE [--port N] [--data-dir DIR]
       dojo-console connect NAME [--data-dir DIR] [--offline] [--service-account NS/SA]
       dojo-console rbac NAME [--compare FILE] [--data-dir DIR] [--format yaml|markers]
       dojo-console client NAME <subcommand> [flags] [--data-dir DIR]
       dojo-console webhook map [NAMESPACE/SERVICE URL] | unmap NAMESPACE/SERVICE [--data-dir DIR]
       dojo-console --version

Commands:
  up          Start the console (default command, what \`npm start\` runs).
  export      Write a session's history (telemetry, object versions, Events, every other
              stream) to one .dojotrace file. Runs beside a running console or on the data
              directory of one that stopped. Secret values and credentials never enter it.
  open        Serve a .dojotrace read-only, with no cluster, and print its login URL.
  apiserver   Run the embedded Kubernetes-compatible API server alone
              (see \`dojo-console apiserver --help\`).
  connect NAME
              Write <data-dir>/clients/NAME.kubeconfig: a token of its own for an operator
              the console did not start, so the console shows what it does (the console of
              that data dir must be running, unless --offline; see \`dojo-console connect
              --help\`).
  rbac NAME   Print the least-privilege ClusterRole/Roles for what client NAME did (from the
              data dir's request journal; the console need not run), or with --compare FILE
              the grants FILE misses and those never used (see \`dojo-console rbac --help\`).
  client NAME <subcommand>
              Pause, resume, step or break on a connected client's view of the cluster,
              or give it a stale view, on the running console (see \`dojo-console client
              --help\`).
  webhook map NAMESPACE/SERVICE URL
              Call the webhooks whose clientConfig.service names SERVICE at URL
              (https://127.0.0.1:PORT), on the running console; kept in the data dir. With no
              arguments, list the map; \`webhook unmap\` forgets one (see \`dojo-console
              webhook --help\`).
  help        Show this text.

Flags for up:
${flagLines(upFlags(operatorLines))}

Flags for export:
  --data-dir DIR    The console's data directory (default .dojo-console/).
  -o, --output FILE The file to write (a .dojotrace: gzip'd JSON lines, docs/recordings.md).
  --since DURATION  Only the last DURATION (90s, 30m, 24h, 7d); objects as they were when it
                    began are kept too. Default: everything the history holds.

Flags for open:
  --host HOST       Address to listen on (default 127.0.0.1).
  --port N          Port (default 0: a free one; the login URL says which).
  --data-dir DIR    Where the recording is imported (default: a new temporary directory,
                    removed on exit).
  --token TOKEN     Access token (default: $DOJO_CONSOLE_TOKEN, else a new one).

Exit status:
  ${exitCodes.ok}  success (help, version, an export written, or a server stopped by SIGINT/SIGTERM)
  ${exitCodes.failure}  runtime failure (a port in use, an unreachable cluster, a failed stop,
     no history to export, a file that is not a recording, connect, client or webhook with
     no console of its data dir running, or refused by it)
  ${exitCodes.usage}  usage error (unknown command or flag, bad value)
`;

export const connectUsage = `Usage: dojo-console connect NAME [--data-dir DIR] [--offline] [--service-account NS/SA]

Writes DIR/clients/NAME.kubeconfig: the embedded API server's address and CA with a token of
its own, so every request made with it is attributed to NAME in the console (its requests,
inferred reconciles, conflicts, watches, hot loops). Prints the path. The running API server
accepts the token at once; connecting NAME again keeps its token. DIR must be the data dir of
a running console (or \`dojo-console apiserver\`): the Overview's Getting started shows the
exact command, with its absolute --data-dir. When nothing of DIR answers, connect refuses
(exit 1) and writes nothing, unless --offline. Run your operator with it:

  KUBECONFIG=DIR/clients/NAME.kubeconfig make run       # kubebuilder / operator-sdk
  KUBECONFIG=DIR/clients/NAME.kubeconfig cargo run      # kube-rs
  KUBECONFIG=DIR/clients/NAME.kubeconfig kopf run --standalone --all-namespaces operator.py

NAME is a DNS label (lower case letters, digits, '-'), not "admin".

  --data-dir DIR   The console's data dir (default .dojo-console/ in the current directory).
  --offline        Prepare the credential for a server of DIR that is not running now
                   (it works once one starts there); says so instead of "Connected".
  --service-account NS/SA
                   Authorize NAME's requests as the ServiceAccount NS/SA with the cluster's
                   RBAC (its Roles and bindings), as in its Pod: what they lack is a 403 in
                   kube's words, and the console shows the rule that would allow it. NAME is
                   still named NAME everywhere. Connecting again without it trusts NAME again.
  -h, --help       Show this text.
`;

export const rbacUsage = `Usage: dojo-console rbac NAME [--compare FILE] [--data-dir DIR] [--format yaml|markers]

Prints the least-privilege RBAC for what the connected client NAME did, read from the request
journal of DIR (the console need not run): a ClusterRole for what it did across every
namespace, on cluster-scoped kinds and on non-resource URLs, and a Role per namespace for the
rest, each rule preceded by the journal seqs that needed it (as audit2rbac does from audit
logs). With a ServiceAccount recorded (connect --service-account), the bindings to it too.
It covers what the client did, not what it may do later: exercise every path first.

  --compare FILE   A role file (kubebuilder's config/rbac/role.yaml, multi-document YAML):
                   list the grants it misses (used, not granted), those kube grants every
                   authenticated user anyway, and those it grants that were never used.
  --format F       yaml (default): kubectl-appliable YAML; markers: kubebuilder
                   // +kubebuilder:rbac markers.
  --data-dir DIR   The console's data dir (default .dojo-console/ in the current directory).
  -h, --help       Show this text.
`;

export const webhookUsage = `Usage: dojo-console webhook map NAMESPACE/SERVICE[:PORT] URL [--data-dir DIR]
       dojo-console webhook map [--data-dir DIR]
       dojo-console webhook unmap NAMESPACE/SERVICE[:PORT] [--data-dir DIR]

The embedded cluster has no Service network: a webhook configuration's clientConfig.service
(kube calls https://SERVICE.NAMESPACE.svc:PORT + service.path, PORT 443 unless given) is
called at URL + service.path instead. URL is https://HOST:PORT only, where your webhook
serves (kubebuilder's \`make run\`: https://127.0.0.1:9443); its certificate must be signed by
the configuration's caBundle. NAMESPACE/SERVICE maps every port of the Service,
NAMESPACE/SERVICE:PORT only that service.port (it wins). The running console of DIR applies
the change from the next webhook call and keeps the map in DIR, so it survives a restart. An
unmapped service fails the call with a message that says how to map it. With no arguments,
\`map\` lists the map. docs/admission.md, "Develop your admission webhook".

  dojo-console webhook map system/webhook-service https://127.0.0.1:9443

  --data-dir DIR   The console's data dir (default .dojo-console/ in the current directory).
  -h, --help       Show this text.
`;
