/**
 * A Pod's container log through the console's proxy (`pods/log`, kube's own query: container,
 * previous, follow, tailLines, timestamps). Not a TanStack query: with `follow` the answer never
 * ends, so the hook reads the stream as it arrives and keeps the last lines in a LogBuffer.
 * Changing any option, or leaving the page, aborts the request (the proxy then ends upstream);
 * the container starting or restarting reads it again.
 * A refusal (several containers and none chosen, a container still waiting, no previous
 * instance) is the cluster's Status, shown as the StatusError it is.
 */
import { useEffect, useState } from 'react';
import { newStatusError, StatusError } from '@dojo/kube-api';
import { buildUrl } from '../../../lib/api-client.ts';
import { kubePath } from '../../../lib/kube-paths.ts';
import { appendLogText, emptyLogBuffer, type LogBuffer } from '../model/log-buffer.ts';

export interface PodLogQuery {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly previous: boolean;
  readonly follow: boolean;
  /** Undefined: the whole log the node keeps. */
  readonly tailLines: number | undefined;
  readonly timestamps: boolean;
  /**
   * What the Pod's status says of the container (its containerID, or why it waits): when it
   * changes (it started, it restarted) the log is read again, of the instance it names now.
   */
  readonly instance: string;
}

export type PodLogState =
  | { readonly phase: 'loading'; readonly buffer: LogBuffer }
  | { readonly phase: 'streaming' | 'ended'; readonly buffer: LogBuffer }
  | { readonly phase: 'failed'; readonly buffer: LogBuffer; readonly error: unknown };

/** Lines the tab keeps: a followed log drops its oldest beyond this. */
export const maxShownLines = 5_000;

export function podLogUrl(query: PodLogQuery): string {
  const path = kubePath({ group: '', version: 'v1', resource: 'pods' }, { namespace: query.namespace, name: query.pod, subresource: 'log' });
  return buildUrl(path, {
    container: query.container,
    previous: query.previous || undefined,
    follow: query.follow || undefined,
    tailLines: query.tailLines,
    timestamps: query.timestamps || undefined,
  });
}

export function usePodLog(query: PodLogQuery | undefined): PodLogState {
  const [state, setState] = useState<PodLogState>({ phase: 'loading', buffer: emptyLogBuffer });
  const url = query ? podLogUrl(query) : undefined;
  const instance = query?.instance;
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    setState({ phase: 'loading', buffer: emptyLogBuffer });
    void readLog(url, abort.signal, setState);
    return () => abort.abort();
  }, [url, instance]);
  return state;
}

async function readLog(url: string, signal: AbortSignal, setState: (update: (s: PodLogState) => PodLogState) => void): Promise<void> {
  let buffer = emptyLogBuffer;
  try {
    const response = await fetch(url, { headers: { Accept: 'text/plain, application/json' }, credentials: 'same-origin', signal });
    if (!response.ok) {
      const text = await response.text();
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {
        // a plain-text error stays text
      }
      throw StatusError.fromResponse(response.status, payload);
    }
    setState(() => ({ phase: 'streaming', buffer }));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer = appendLogText(buffer, value, maxShownLines);
      const current = buffer;
      setState(() => ({ phase: 'streaming', buffer: current }));
    }
    setState(() => ({ phase: 'ended', buffer }));
  } catch (error) {
    if (signal.aborted) return;
    const failure =
      error instanceof StatusError
        ? error
        : newStatusError(503, 'ServiceUnavailable', `the log stream broke: ${error instanceof Error ? error.message : String(error)}`);
    setState(() => ({ phase: 'failed', buffer, error: failure }));
  }
}
