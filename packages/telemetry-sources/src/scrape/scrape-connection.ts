/**
 * How the console reaches one target: its own connection pool (undici's Agent) that trusts the
 * CA given for it, or skips verification when asked, and the `Authorization` header worked out
 * at every scrape, so a rotated token file or a refreshed kubeconfig credential is used at once.
 * Failures read as what a person must fix: an untrusted certificate or a refused token says so.
 */
import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { Agent, fetch, type Response } from 'undici';
import type { BearerTokenSource } from './kubeconfig-token.ts';
import type { ScrapeAllowList } from './scrape-allow.ts';
import type { ScrapeTargetSpec } from './scrape-spec.ts';

// Prometheus' own scrape Accept header, minus OpenMetrics: the classic text format, which every controller-runtime serves.
const accept = 'text/plain;version=0.0.4;q=1,*/*;q=0.1';

// Node's codes for a certificate the client does not trust (tls.checkServerIdentity and OpenSSL's verify errors).
const untrustedCertificate = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** What went wrong, in words: undici's "fetch failed" hides the reason (ECONNREFUSED, a TLS failure) in its cause. */
export function describeScrapeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? (err.cause as Error & { code?: string }) : undefined;
  if (cause?.code && untrustedCertificate.has(cause.code)) {
    return `TLS: the endpoint's certificate is not trusted (${cause.message}): give the CA that signed it, or skip verification`;
  }
  return `${err.message}${cause ? `: ${cause.message}` : ''}`;
}

/**
 * An HTTP error as a scrape's error, with what a 401 or 403 from controller-runtime's secure
 * metrics means. The reason phrase is the standard one, not the endpoint's: whatever a target
 * sends is not shown.
 */
export function describeHttpRefusal(status: number, sentToken: boolean): string {
  const phrase = STATUS_CODES[status];
  const base = `HTTP ${status}${phrase ? ` ${phrase}` : ''}`;
  if (status === 401) return `${base}: ${sentToken ? 'the endpoint refused the bearer token' : 'the endpoint wants a bearer token'}`;
  // controller-runtime's filter asks a SubjectAccessReview for "get" on the non-resource URL /metrics.
  if (status === 403) return `${base}: the token's user may not get /metrics (it needs a ClusterRole with nonResourceURLs ["/metrics"], verbs ["get"])`;
  return base;
}

export class ScrapeConnection {
  readonly #spec: ScrapeTargetSpec;
  readonly #agent: Agent;
  readonly #kubeconfigToken: BearerTokenSource | undefined;
  readonly #limited: boolean;

  /** `allow`: the addresses a connection may go to (checked where a name is resolved), for a target added in the console. */
  constructor(spec: ScrapeTargetSpec, kubeconfigToken?: BearerTokenSource, allow?: ScrapeAllowList) {
    this.#spec = spec;
    this.#kubeconfigToken = kubeconfigToken;
    this.#limited = allow !== undefined;
    const tls = { ...(spec.ca ? { ca: spec.ca } : {}), ...(spec.insecureSkipVerify ? { rejectUnauthorized: false } : {}) };
    this.#agent = new Agent({ connect: { ...tls, ...(allow ? { lookup: allow.lookup } : {}) } });
  }

  /** The token to send now, if any; a token file or kubeconfig that cannot give one fails the scrape. */
  async #token(): Promise<string | undefined> {
    const spec = this.#spec;
    if (spec.bearerToken) return spec.bearerToken;
    if (spec.bearerTokenFile) return (await readFile(spec.bearerTokenFile, 'utf8')).trim();
    if (spec.bearerTokenFromKubeconfig) {
      if (!this.#kubeconfigToken) throw new Error('no kubeconfig to take a bearer token from (start the console with --kubeconfig or --in-cluster)');
      return this.#kubeconfigToken();
    }
    return undefined;
  }

  /** GETs the target's URL; a non-2xx answer is thrown as an Error that says what it means. */
  async get(signal: AbortSignal): Promise<Response> {
    const token = await this.#token();
    // A limited target's redirect is not followed: its Location could be any address.
    const res = await fetch(this.#spec.url, {
      signal,
      dispatcher: this.#agent,
      ...(this.#limited ? { redirect: 'manual' as const } : {}),
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(describeHttpRefusal(res.status, token !== undefined));
    }
    return res;
  }

  /** Closes the pool; a second call does nothing. */
  async close(): Promise<void> {
    if (this.#agent.closed || this.#agent.destroyed) return;
    await this.#agent.close();
  }
}
