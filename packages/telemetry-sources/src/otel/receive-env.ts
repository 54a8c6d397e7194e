/**
 * The standard OpenTelemetry exporter settings that send an operator's traces to this console's
 * receiver: printed at startup and in the docs. Every OTLP SDK (Go, Rust, Java, JS, Python)
 * reads them; the SDK appends `/v1/traces` to the endpoint.
 */
export function otlpExporterEnv(endpoint: string, token: string): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${token}`,
  };
}

/** As shell assignments, quoting the values with spaces. */
export function shellAssignments(env: Record<string, string>): string[] {
  return Object.entries(env).map(([name, value]) => `${name}=${/\s/.test(value) ? `"${value}"` : value}`);
}
