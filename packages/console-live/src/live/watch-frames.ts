/**
 * Watch events serialised once and sent to many subscriptions. An event's JSON is built once;
 * each subscription's `watch-event` frame is its id around those bytes, built once per id and
 * event as UTF-8 (browser tabs number their subscriptions alike, so many share one), equal to
 * `JSON.stringify({ id, type: 'watch-event', event })` (watch-frames.test.ts holds them equal).
 * Frames are shared between sockets and must never be written to.
 */
import type { KubeObject, WatchEvent } from '@dojo/kube-api';

/** A whole server frame (a `ServerMessage` as UTF-8 JSON), built here only. */
export type EncodedFrame = Buffer & { readonly __encoded: 'ServerMessage' };

export class EncodedWatchEvent {
  readonly json: string;
  readonly #frames = new Map<string, EncodedFrame>();

  constructor(event: WatchEvent<KubeObject>) {
    this.json = JSON.stringify(event);
  }

  /** The `watch-event` frame of subscription `id`. */
  frameFor(id: string): EncodedFrame {
    let frame = this.#frames.get(id);
    if (!frame) this.#frames.set(id, (frame = Buffer.from(`{"id":${JSON.stringify(id)},"type":"watch-event","event":${this.json}}`) as EncodedFrame));
    return frame;
  }
}
