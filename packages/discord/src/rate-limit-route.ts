/**
 * How Discord groups requests for per-route rate limits: by method and route shape, computed
 * separately for each top-level resource ("major parameter": a channel, guild or webhook id).
 * Exceeding the limit on `/channels/1/messages` leaves `/channels/2/messages` free. The client
 * and the simulator both key their buckets this way, so they agree on what a bucket is.
 */
export interface RateLimitRoute {
  /** Method plus route shape, ids replaced: `POST /channels/:id/messages`. */
  key: string;
  /** The top-level resource id, or '' for routes without one (`POST /guilds`). */
  majorId: string;
}

const MAJOR_RESOURCES = new Set(['channels', 'guilds', 'webhooks']);
const ID_SEGMENT = /^\d{1,20}$/;

/** `path` is relative to the API base: `/channels/123/messages`, query string allowed. */
export function rateLimitRoute(method: string, path: string): RateLimitRoute {
  const segments = (path.split('?')[0] ?? '').split('/').filter((s) => s.length > 0);
  let majorId = '';
  const shape = segments.map((segment, index) => {
    if (!ID_SEGMENT.test(segment)) return segment;
    if (index === 1 && MAJOR_RESOURCES.has(segments[0] ?? '')) majorId = segment;
    return ':id';
  });
  return { key: `${method.toUpperCase()} /${shape.join('/')}`, majorId };
}
