/**
 * The streams whose records are object versions (`ObjectVersionRecord`): from them the state
 * of every recorded object at any instant follows, so a recording's window starts them with a
 * baseline and a recording's Kubernetes read path serves lists and gets from them.
 */
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import type { StreamSpec } from '../stream-spec.ts';
import { eventsStream } from './events-stream.ts';
import { versionsStream } from './versions-stream.ts';

export const objectVersionStreams: readonly StreamSpec<ObjectVersionRecord>[] = [versionsStream, eventsStream];
