/**
 * Watch events serialised once and sent to many subscriptions: the event's JSON is built once,
 * and each subscription's `watch-event` frame is its own id around those same bytes, equal to
 * `JSON.stringify({ id, type: 'watch-event', event })` (watch-frames.test.ts holds them equal).
 */
import type { KubeObject, WatchEvent } from '@dojo/kube-api';

/** A `WatchEvent` as JSON, built by encodeWatchEvent only. */
export type EncodedWatchEvent = string & { readonly __encoded: 'WatchEvent' };

/** A whole server frame (a `ServerMessage` as JSON), built here only. */
export type EncodedFrame = string & { readonly __encoded: 'ServerMessage' };

export function encodeWatchEvent(event: WatchEvent<KubeObject>): EncodedWatchEvent {
  return JSON.stringify(event) as EncodedWatchEvent;
}

/** The `watch-event` frames of one subscription: its id's part is encoded once. */
export function watchEventFrames(id: string): (event: EncodedWatchEvent) => EncodedFrame {
  const head = `{"id":${JSON.stringify(id)},"type":"watch-event","event":`;
  return (event) => `${head}${event}}` as EncodedFrame;
}
