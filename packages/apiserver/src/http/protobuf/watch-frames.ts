/**
 * A watch in protobuf: each event a meta.v1.WatchEvent message (no envelope: the stream
 * serializer is the raw one) whose object holds the event's object in the envelope, as
 * kube-apiserver encodes them. Over HTTP each message is framed by a 4-byte big-endian length;
 * over a WebSocket each is one binary message, unframed.
 */
import { encodeObject } from './envelope.ts';
import { wireSchema } from './wire-schema.ts';

export function watchEventMessage(type: string, object: { apiVersion?: string; kind?: string }): Uint8Array {
  return wireSchema()
    .type('meta.v1.WatchEvent')
    .encode({ f1: type, f2: { f1: encodeObject(object) } })
    .finish();
}

/** The length-delimited frame of one message on an HTTP watch stream. */
export function lengthFramed(message: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(4 + message.length);
  frame.writeUInt32BE(message.length, 0);
  frame.set(message, 4);
  return frame;
}

export function watchFrame(type: string, object: { apiVersion?: string; kind?: string }): Buffer {
  return lengthFramed(watchEventMessage(type, object));
}
