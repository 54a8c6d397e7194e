/**
 * A watch response body: one JSON event per line (the API server's newline-delimited stream).
 * An ERROR event ends the stream with its Status as a StatusError — usually 410 Expired, which
 * tells the watcher to relist.
 */
import { StatusError, type KubeObject, type WatchEvent } from '@dojo/kube-api';

export async function* decodeWatchEvents<T extends KubeObject>(body: AsyncIterable<string>): AsyncGenerator<WatchEvent<T>> {
  let buffered = '';
  for await (const chunk of body) {
    buffered += chunk;
    let start = 0;
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n', start)) {
      const line = buffered.slice(start, newline);
      start = newline + 1;
      if (line.trim() !== '') yield decodeLine<T>(line);
    }
    buffered = buffered.slice(start);
  }
  if (buffered.trim() !== '') yield decodeLine<T>(buffered);
}

function decodeLine<T extends KubeObject>(line: string): WatchEvent<T> {
  const event = JSON.parse(line) as WatchEvent<T>;
  if (event.type === 'ERROR') {
    const status = event.object as unknown as { code?: unknown };
    throw StatusError.fromResponse(typeof status.code === 'number' ? status.code : 500, status);
  }
  return event;
}
