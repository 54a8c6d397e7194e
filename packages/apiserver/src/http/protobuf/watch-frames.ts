/**
 * A watch in protobuf: a stream of frames, each a 4-byte big-endian length and a
 * meta.v1.WatchEvent message (no envelope: the stream serializer is the raw one), whose object
 * holds the event's object in the envelope, as kube-apiserver frames them.
 */
import { encodeObject } from './envelope.ts';
import { wireSchema } from './wire-schema.ts';

export function watchFrame(type: string, object: { apiVersion?: string; kind?: string }): Buffer {
  const event = wireSchema().type('meta.v1.WatchEvent').encode({ f1: type, f2: { f1: encodeObject(object) } }).finish();
  const frame = Buffer.allocUnsafe(4 + event.length);
  frame.writeUInt32BE(event.length, 0);
  frame.set(event, 4);
  return frame;
}
