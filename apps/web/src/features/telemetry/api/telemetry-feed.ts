/**
 * The tab's one telemetry stream into the TelemetryStore. On start it asks where the server's
 * ring is (`GET /api/telemetry?limit=1`), subscribes from up to `backlog` records back, and
 * from then on the socket resumes from the last seq after every reconnect. When the server says
 * `resync` (the tab fell too far behind), the gap is noted and the stream restarts from the
 * server's newest record. Records are handed to the store once per animation frame.
 */
import { StatusError } from '@dojo/kube-api';
import type { TelemetryRecord } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { browserFrameScheduler, createFrameBatcher, type FrameScheduler } from '../../../lib/frame-batcher.ts';
import type { LiveSocket } from '../../../lib/live-socket.ts';
import { TelemetryStore } from '../model/telemetry-store.ts';

const backlog = 50_000;

export interface TelemetryFeed {
  store: TelemetryStore;
  /** "starting", "live", or why there is no stream. */
  status(): string;
}

export type RingBounds = () => Promise<{ oldestSeq: number; lastSeq: number } | undefined>;

/** Where the server's telemetry ring starts and ends; undefined when the server has none. */
async function serverRingBounds(): Promise<{ oldestSeq: number; lastSeq: number } | undefined> {
  try {
    const page = await consoleRequest('GET /api/telemetry', { query: { limit: 1 } });
    return { oldestSeq: page.oldestSeq, lastSeq: page.lastSeq };
  } catch (error) {
    if (error instanceof StatusError && error.code === 404) return undefined;
    throw error;
  }
}

export function startTelemetryFeed(socket: LiveSocket, options: { ringBounds?: RingBounds; scheduler?: FrameScheduler } = {}): TelemetryFeed {
  const ringBounds = options.ringBounds ?? serverRingBounds;
  const store = new TelemetryStore();
  const batcher = createFrameBatcher<readonly TelemetryRecord[]>((batches) => store.ingest(batches.flat()), options.scheduler ?? browserFrameScheduler);
  let status = 'starting';

  const subscribe = (fromSeq: number | undefined) => {
    socket.telemetry(fromSeq === undefined ? {} : { fromSeq }, {
      onRecords: (records) => {
        status = 'live';
        batcher.push(records);
      },
      onResync: () => {
        batcher.flush();
        store.noteGap();
        void begin(false);
      },
      onError: (error) => {
        status = `refused: ${error.message ?? error.code}`;
      },
    });
  };

  const begin = async (withBacklog: boolean): Promise<void> => {
    try {
      const bounds = await ringBounds();
      if (!bounds) subscribe(undefined);
      else subscribe(withBacklog ? Math.max(bounds.oldestSeq, bounds.lastSeq - backlog + 1) : bounds.lastSeq + 1);
    } catch {
      // The server is not reachable right now: subscribe anyway, the socket retries.
      subscribe(undefined);
    }
  };

  void begin(true);
  return { store, status: () => status };
}
