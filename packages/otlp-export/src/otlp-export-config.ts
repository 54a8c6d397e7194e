/**
 * Where the console's reconcile spans go: `--otlp-endpoint`, `--otlp-protocol` and the standard
 * OpenTelemetry environment variables, resolved as the OTLP exporter specification says
 * (opentelemetry.io/docs/specs/otel/protocol/exporter):
 * - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is the traces URL as given;
 * - `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL: `v1/traces` is appended to it;
 * - `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_TRACES_HEADERS` are `key=value` pairs,
 *   comma-separated, values percent-encoded; the traces-specific one wins per key;
 * - `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, then `OTEL_EXPORTER_OTLP_PROTOCOL`, pick the protocol;
 * - `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` turn the variables off.
 * The flag is stronger than any variable. It takes a base URL like the generic variable, and a
 * URL that already ends in `/v1/traces` is kept as it is (the mistake everyone makes once).
 */

export const otlpProtocols = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof otlpProtocols)[number];

export interface OtlpExportOptions {
  /** The full traces URL the spans are POSTed to. */
  readonly url: string;
  readonly protocol: OtlpProtocol;
  readonly headers: Readonly<Record<string, string>>;
}

export interface OtlpFlags {
  readonly endpoint?: string | undefined;
  readonly protocol?: string | undefined;
}

/** A flag or variable with a value the exporter cannot use; the message says which and why. */
export class OtlpConfigError extends Error {}

const tracesPath = 'v1/traces';

/** The export the flags and `env` ask for, or undefined when neither asks for one. */
export function resolveOtlpExport(flags: OtlpFlags, env: NodeJS.ProcessEnv): OtlpExportOptions | undefined {
  const envOff = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' || env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none';
  const vars = envOff ? {} : env;
  const url = endpointOf(flags, vars);
  if (url === undefined) {
    if (flags.protocol !== undefined) throw new OtlpConfigError('--otlp-protocol needs --otlp-endpoint (or OTEL_EXPORTER_OTLP_ENDPOINT)');
    return undefined;
  }
  return { url, protocol: protocolOf(flags, vars), headers: headersOf(vars) };
}

function endpointOf(flags: OtlpFlags, env: NodeJS.ProcessEnv): string | undefined {
  if (flags.endpoint !== undefined) {
    const base = parseUrl(flags.endpoint, '--otlp-endpoint');
    return base.pathname.replace(/\/+$/, '').endsWith(`/${tracesPath}`) ? base.toString() : appendPath(base, tracesPath);
  }
  const traces = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (traces !== undefined) return parseUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT').toString();
  const generic = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (generic !== undefined) return appendPath(parseUrl(generic, 'OTEL_EXPORTER_OTLP_ENDPOINT'), tracesPath);
  return undefined;
}

function parseUrl(raw: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OtlpConfigError(`invalid ${source} "${raw}": not a URL; an OTLP/HTTP receiver's address, like http://localhost:4318`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OtlpConfigError(`invalid ${source} "${raw}": OTLP/HTTP needs an http:// or https:// URL, not ${url.protocol}//`);
  }
  if (url.username || url.password) {
    throw new OtlpConfigError(
      `invalid ${source}: credentials in the URL would be logged; put them in OTEL_EXPORTER_OTLP_HEADERS (e.g. "Authorization=Basic%20...")`,
    );
  }
  return url;
}

function appendPath(base: URL, path: string): string {
  const url = new URL(base.toString());
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  return url.toString();
}

function protocolOf(flags: OtlpFlags, env: NodeJS.ProcessEnv): OtlpProtocol {
  const [raw, source] =
    flags.protocol !== undefined
      ? [flags.protocol, '--otlp-protocol']
      : nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) !== undefined
        ? [env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL!, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']
        : [env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf', 'OTEL_EXPORTER_OTLP_PROTOCOL'];
  const protocol = raw.trim();
  if ((otlpProtocols as readonly string[]).includes(protocol)) return protocol as OtlpProtocol;
  const hint = protocol === 'grpc' ? ' (gRPC is not supported; every collector, Jaeger and Tempo also accept OTLP/HTTP, usually on port 4318)' : '';
  throw new OtlpConfigError(`invalid ${source} "${raw}": one of ${otlpProtocols.join(', ')}${hint}`);
}

function headersOf(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
    ...parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
  };
}

/** The W3C-baggage-like list the specification uses: `k1=v1,k2=v2`, values percent-decoded. */
function parseHeaders(raw: string | undefined, source: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const name = entry.slice(0, Math.max(at, 0)).trim();
    if (at < 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new OtlpConfigError(`invalid ${source}: "${entry.trim()}" is not name=value (pairs are comma-separated, values percent-encoded)`);
    }
    try {
      headers[name] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      throw new OtlpConfigError(`invalid ${source}: the value of "${name}" is not percent-encoded correctly`);
    }
  }
  return headers;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
