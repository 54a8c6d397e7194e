/**
 * What the console reads from the Prometheus endpoints of operators it did not start
 * (`--scrape NAME=URL`, `GET /api/scrape`): controller-runtime's metric names, turned into
 * rates and quantiles. Figures are always those of the last good scrape (`lastScrapeAt`); a
 * `stale` target keeps them only so the UI can say what they were and since when.
 */

/** `never-scraped` until the first scrape answers; `stale` once a scrape fails or times out. */
export type ScrapeState = 'ok' | 'stale' | 'never-scraped';

/** Quantiles of a histogram's observations between the last two good scrapes, in seconds. Absent with no observations in that window. */
export interface DurationQuantiles {
  readonly p50?: number;
  readonly p99?: number;
}

export interface DepthSample {
  readonly at: number;
  readonly depth: number;
}

/**
 * One controller (controller-runtime's `controller` label, the workqueue's `name`). Rates are
 * per second between the last two good scrapes; absent after the first scrape (no delta yet).
 */
export interface ScrapedController {
  readonly name: string;
  /** workqueue_depth. */
  readonly depth?: number;
  /** Bounded, oldest first: workqueue_depth at each good scrape. */
  readonly depthHistory: readonly DepthSample[];
  readonly addsPerSecond?: number;
  readonly retriesPerSecond?: number;
  /** controller_runtime_reconcile_total by its `result` label (success, error, requeue, requeue_after). */
  readonly reconcilesPerSecond: Readonly<Record<string, number>>;
  readonly errorsPerSecond?: number;
  readonly queueDuration: DurationQuantiles;
  readonly workDuration: DurationQuantiles;
  readonly reconcileTime: DurationQuantiles;
  readonly activeWorkers?: number;
  readonly maxConcurrentReconciles?: number;
  readonly longestRunningProcessorSeconds?: number;
  readonly unfinishedWorkSeconds?: number;
}

/** rest_client_requests_total for one status `code` (summed over method and host). */
export interface RestClientRequests {
  readonly code: string;
  readonly total: number;
  readonly perSecond?: number;
}

/** How the console proves itself to an endpoint: nothing, a token it was given (flag or form), a token file it re-reads every scrape, or the kubeconfig user's token. */
export type ScrapeAuthentication = 'none' | 'bearer-token' | 'bearer-token-file' | 'kubeconfig';

/** How an https endpoint's certificate is checked: the system's CAs, a CA given for it, or not at all. */
export type ScrapeTlsVerification = 'system-ca' | 'custom-ca' | 'skip-verify';

export interface ScrapeTargetStatus {
  readonly name: string;
  readonly url: string;
  /** `flag`: from `--scrape` (removed by restarting without it); `console`: added in the UI or over the API, removable. */
  readonly source: 'flag' | 'console';
  readonly authentication: ScrapeAuthentication;
  /** Absent for plain http. */
  readonly tlsVerification?: ScrapeTlsVerification | undefined;
  readonly state: ScrapeState;
  /** When the last good scrape answered; the figures below are from then. */
  readonly lastScrapeAt?: number | undefined;
  /** Why the latest scrape failed (present while `stale`). */
  readonly error?: string;
  readonly intervalMs: number;
  readonly controllers: readonly ScrapedController[];
  readonly restClientRequests: readonly RestClientRequests[];
}

/** `GET /api/scrape`. */
export interface ScrapeSnapshot {
  readonly time: number;
  readonly targets: readonly ScrapeTargetStatus[];
}

/**
 * `POST /api/scrape/targets`: scrape one more endpoint from now on (the "Add metrics endpoint"
 * dialog). Kept in `<data-dir>/scrape-targets.json` (0600: it may hold the token), so it is
 * scraped again after a restart. Bad input is a 422 Invalid Status naming the field.
 */
export interface ScrapeTargetRequest {
  /** A DNS label, unique among the targets. */
  readonly name: string;
  /** http or https. */
  readonly url: string;
  /** Sent as `Authorization: Bearer …` (controller-runtime's `--metrics-secure`). */
  readonly bearerToken?: string;
  /** PEM certificates that sign the endpoint's serving certificate (https only). */
  readonly ca?: string;
  /** Accept any certificate (https only): the connection is encrypted but not authenticated. */
  readonly insecureSkipVerify?: boolean;
}
