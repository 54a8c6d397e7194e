/**
 * Every flag of `dojo-console up`, declared once: cli-args.ts builds its parser from this table
 * and cli-usage.ts prints `--help` from it, in this order. The embedded API server's in-flight
 * bounds come from their own table in @dojo/apiserver, and each operator module's settings from
 * its `options` (@dojo/operator): `upFlags()` joins the three.
 */
import { inflightFlags } from '@dojo/apiserver';
import { operators, type FlagDeclaration } from '@dojo/operator';

/** A flag of `up`, with lines `--help` prints after its own (the operators' list under --operators). */
export interface UpFlag extends FlagDeclaration {
  readonly details?: () => string[];
}

const inflight: readonly UpFlag[] = inflightFlags.map(({ flag, help }, i) => ({
  flag,
  value: 'N',
  // Said once, under the last of them.
  help:
    i === inflightFlags.length - 1
      ? `${help} Beyond them the embedded API server answers 429 with Retry-After; watches and the console's own requests are exempt.`
      : help,
}));

const ownFlags = (operatorLines: () => string[]): readonly UpFlag[] => [
  { flag: 'host', value: 'HOST', help: 'Address the console listens on', default: '127.0.0.1' },
  { flag: 'port', value: 'N', help: 'Console port', default: '8080, or $PORT' },
  { flag: 'data-dir', value: 'DIR', help: 'Where state lives', default: '.dojo-console/ in the current directory' },
  { flag: 'apiserver-port', value: 'N', help: 'Port of the embedded API server; 0 picks a free one', default: '6443' },
  ...inflight,
  { flag: 'kubeconfig', value: 'FILE', help: 'Use this cluster instead of the embedded one (no simulated parts)' },
  { flag: 'context', value: 'NAME', help: 'Kubeconfig context to use', default: 'the current context' },
  { flag: 'in-cluster', help: "Use the Pod's ServiceAccount (when running inside Kubernetes)" },
  { flag: 'install-crds', help: "With --kubeconfig: install the operators' CRDs (else only verify them)" },
  { flag: 'token', value: 'TOKEN', help: 'Console access token', default: '$DOJO_CONSOLE_TOKEN, else <data-dir>/console-token, created on first start' },
  { flag: 'allow-secret-data', help: 'Show Secret values in the console (redacted by default)' },
  { flag: 'operators', value: 'LIST', help: 'Comma-separated operators to run', default: 'all of them', details: operatorLines },
  { flag: 'leader-elect', help: 'Run controllers only while holding the Lease "dojo-console-leader" (for several replicas; every replica serves the UI)' },
  { flag: 'leader-election-namespace', value: 'NS', help: 'Namespace of that Lease', default: "$POD_NAMESPACE, else the kubeconfig context's namespace" },
  {
    flag: 'history-retention',
    value: 'AGE',
    help: 'Keep telemetry and object versions this long in <data-dir>/history.db (s, m, h or d). Older history is evicted, and the console says since when its history is complete',
    default: '24h',
  },
  { flag: 'history-max-mb', value: 'N', help: 'Keep at most this many megabytes of history; the oldest records go first', default: '512' },
  {
    flag: 'scrape',
    value: 'NAME=URL',
    multiple: true,
    help: "Scrape this operator's Prometheus endpoint and show its controllers from controller-runtime's metrics (repeatable; works with any cluster)",
  },
  { flag: 'scrape-interval', value: 'AGE', help: 'How often to scrape', default: '5s' },
  {
    flag: 'scrape-token-file',
    value: 'NAME=FILE',
    multiple: true,
    help: "Send the bearer token in FILE (read at every scrape) to target NAME: controller-runtime's --metrics-secure checks it with a TokenReview",
  },
  { flag: 'scrape-token-from-kubeconfig', value: 'NAME', multiple: true, help: "Send the kubeconfig user's bearer token (what kubectl sends) to NAME" },
  { flag: 'scrape-ca', value: 'NAME=FILE', multiple: true, help: "Verify NAME's https certificate against the PEM CA bundle in FILE" },
  { flag: 'scrape-insecure-skip-verify', value: 'NAME', multiple: true, help: 'Accept any certificate from NAME (encrypted, not authenticated)' },
  {
    flag: 'scrape-allow',
    value: 'HOST|CIDR',
    multiple: true,
    help: 'Hosts a target added in the console may have (repeatable or comma-separated: 10.0.0.0/8, ::1, my-host, *.svc.cluster.local); --scrape targets are not limited',
    default: "127.0.0.0/8, ::1, localhost and the API server's host",
  },
  {
    flag: 'audit-webhook',
    help: 'With --kubeconfig or --in-cluster: accept kube-apiserver audit events at POST /audit/v1/events (token in <data-dir>/audit-webhook-token) and show every client from them (docs/audit.md). Served over HTTPS on its own port too (kube-apiserver sends the token only over HTTPS): give kube-apiserver <data-dir>/audit-webhook.kubeconfig as --audit-webhook-config-file',
  },
  { flag: 'audit-webhook-port', value: 'PORT', help: "The audit webhook's HTTPS port", default: '9443' },
  {
    flag: 'audit-log',
    value: 'FILE',
    help: 'With --kubeconfig or --in-cluster: follow this audit log (JSON lines, from its end; survives rotation) as the same source',
  },
  {
    flag: 'otlp-receiver',
    help: "Receive operators' OpenTelemetry traces at POST /v1/traces on the console's port (OTLP/HTTP, protobuf or JSON; token in <data-dir>/otlp-receiver-token): kube-rs and controller-runtime reconcile spans join the timeline (docs/opentelemetry.md)",
  },
  {
    flag: 'otlp-endpoint',
    value: 'URL',
    help: "Send every reconcile (the console's own and those it inferred for other operators) as OpenTelemetry spans to this OTLP/HTTP receiver: a collector, Jaeger or Tempo, e.g. http://localhost:4318 (/v1/traces is added); headers from $OTEL_EXPORTER_OTLP_HEADERS (docs/opentelemetry.md)",
    default: '$OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else $OTEL_EXPORTER_OTLP_ENDPOINT',
  },
  { flag: 'otlp-protocol', value: 'P', help: 'http/protobuf or http/json', default: 'http/protobuf' },
  { flag: 'help', short: 'h', help: 'Show this text' },
  { flag: 'version', help: 'Print the version and exit' },
];

/** Each operator module's own settings, said to be its own in `--help`. */
const moduleFlags: readonly UpFlag[] = operators.flatMap((module) =>
  (module.options ?? []).map((option) => ({ ...option, help: `${option.help} (the ${module.name} operator)` })),
);

/**
 * Every flag `up` takes, in `--help`'s order: the module's settings right after --operators.
 * `operatorLines` is the list --operators prints under itself.
 */
export function upFlags(operatorLines: () => string[] = () => []): readonly UpFlag[] {
  const own = ownFlags(operatorLines);
  const at = own.findIndex((f) => f.flag === 'operators') + 1;
  const flags = [...own.slice(0, at), ...moduleFlags, ...own.slice(at)];
  const seen = new Set<string>();
  // Two declarations of one flag would make the parser take either silently: refused at start.
  for (const { flag } of flags) {
    if (seen.has(flag)) throw new Error(`the flag --${flag} is declared twice (an operator module's option may not reuse a flag of up)`);
    seen.add(flag);
  }
  return flags;
}
