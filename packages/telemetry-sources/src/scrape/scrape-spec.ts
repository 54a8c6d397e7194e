/**
 * Which Prometheus endpoint to read, what to call it in the console, and how to reach it: the
 * fields follow Prometheus' own scrape config (`bearer_token`, `bearer_token_file`,
 * `tls_config.ca`, `tls_config.insecure_skip_verify`), since that is what people already know.
 */

export interface ScrapeTargetSpec {
  readonly name: string;
  readonly url: string;
  /** Sent as `Authorization: Bearer …` (controller-runtime's secure metrics, the console's own /metrics). */
  readonly bearerToken?: string;
  /** A file holding the token, read at every scrape: a projected ServiceAccount token rotates. */
  readonly bearerTokenFile?: string;
  /** The kubeconfig user's bearer token (what `kubectl` presents), asked for at every scrape. */
  readonly bearerTokenFromKubeconfig?: boolean;
  /** PEM certificates that sign the endpoint's serving certificate, instead of the system's CAs. */
  readonly ca?: string;
  /** Accept any certificate: encrypted, not authenticated. */
  readonly insecureSkipVerify?: boolean;
}

export const dnsLabelPattern = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/** Parses `NAME=URL`; throws an Error that says what is wrong. */
export function parseScrapeSpec(raw: string): ScrapeTargetSpec {
  const eq = raw.indexOf('=');
  if (eq < 0) throw new Error(`invalid --scrape "${raw}": NAME=URL, like my-operator=http://127.0.0.1:8080/metrics`);
  const name = raw.slice(0, eq);
  const url = raw.slice(eq + 1);
  if (!dnsLabelPattern.test(name)) throw new Error(`invalid --scrape "${raw}": NAME must be a DNS label (lower case letters, digits, '-')`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`invalid --scrape "${raw}": "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`invalid --scrape "${raw}": the URL must be http or https`);
  // Not echoed: the flag's value holds the password.
  if (parsed.username || parsed.password)
    throw new Error(`invalid --scrape ${name}=…: the URL may not carry a user name or password (user:password@): use --scrape-token-file ${name}=FILE`);
  return { name, url: parsed.toString() };
}

/** Every `--scrape` flag, names unique. */
export function parseScrapeSpecs(raws: readonly string[]): ScrapeTargetSpec[] {
  const specs = raws.map(parseScrapeSpec);
  const seen = new Set<string>();
  for (const s of specs) {
    if (seen.has(s.name)) throw new Error(`--scrape names "${s.name}" twice`);
    seen.add(s.name);
  }
  return specs;
}
