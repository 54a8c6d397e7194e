/**
 * `GET /api/v1/namespaces/{ns}/pods/{name}/log`: kube-apiserver's LogREST, with the node's
 * side (the kubelet's /containerLogs) answered from the ContainerLogStore. The answer is
 * text/plain: the lines, each ending in a newline; with `timestamps` each is prefixed by its
 * RFC 3339 time (nanosecond form, as the kubelet writes it); `tailLines` keeps the last lines,
 * then `sinceTime`/`sinceSeconds` drops older ones (the kubelet's order); `limitBytes` cuts the
 * output, mid-line if need be. `follow` keeps the answer open, flushing each new line, until
 * the instance exits, the byte limit is reached, or the client goes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newNotFound, newStatusError, type KubeObject } from '@dojo/kube-api';
import { chooseContainer, containerInstanceOf, type PodForLogs } from './container-log-status.ts';
import type { ContainerLogLine, ContainerLogStore } from './container-log-store.ts';
import { podLogOptionsOf, type PodLogOptions } from './pod-log-options.ts';

export interface PodLogRequest {
  readonly namespace: string;
  readonly name: string;
  readonly query: URLSearchParams;
}

export interface PodLogDeps {
  readPod(namespace: string, name: string): KubeObject | undefined;
  readonly logs: ContainerLogStore;
  now(): number;
}

const methodNotAllowed = () => newStatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});

export async function servePodLog(req: IncomingMessage, res: ServerResponse, request: PodLogRequest, deps: PodLogDeps): Promise<void> {
  if (req.method !== 'GET') throw methodNotAllowed();
  // Options are decoded and checked before the Pod is read (LogREST.Get).
  const options = podLogOptionsOf(request.query, request.name, deps.now());
  const pod = deps.readPod(request.namespace, request.name) as PodForLogs | undefined;
  if (!pod) throw newNotFound({ group: '', resource: 'pods' }, request.name);
  const container = chooseContainer(pod, options.container);
  // A Pod not yet bound to a node has no log anywhere: LogLocation answers an empty stream.
  // (The simulated kubelet also runs Pods nobody bound; their statuses say they run.)
  const onANode = Boolean(pod.spec?.nodeName) || (pod.status?.containerStatuses?.length ?? 0) > 0;
  const instance = onANode ? containerInstanceOf(pod, container, options.previous) : undefined;

  const output = new LimitedOutput(res, options);
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
  if (!instance || !options.follow) {
    output.lines(selectLines(instance ? deps.logs.read(instance) : [], options));
    res.end();
    return;
  }
  res.flushHeaders();
  await new Promise<void>((resolve) => {
    let stop = (): void => {};
    const finish = (): void => {
      stop();
      if (!res.writableEnded) res.end();
      resolve();
    };
    const followed = deps.logs.follow(instance, {
      line: (line) => {
        if (!output.lines(selectLines([line], { ...options, tailLines: undefined }))) finish();
      },
      end: finish,
    });
    stop = followed.stop;
    if (!output.lines(selectLines(followed.lines, options))) return finish();
    res.once('close', finish);
  });
}

/** The kubelet's ReadLogs selection: the last `tailLines`, then those not older than `sinceMs`. */
function selectLines(lines: readonly ContainerLogLine[], options: PodLogOptions): readonly ContainerLogLine[] {
  const tail = options.tailLines === undefined ? lines : options.tailLines === 0 ? [] : lines.slice(-options.tailLines);
  return options.sinceMs === undefined ? tail : tail.filter((l) => l.timeMs >= options.sinceMs!);
}

/** Writes lines up to `limitBytes`; answers false once the limit is reached. */
class LimitedOutput {
  #left: number;
  readonly #res: ServerResponse;
  readonly #timestamps: boolean;

  constructor(res: ServerResponse, options: PodLogOptions) {
    this.#res = res;
    this.#left = options.limitBytes ?? Number.POSITIVE_INFINITY;
    this.#timestamps = options.timestamps;
  }

  lines(lines: readonly ContainerLogLine[]): boolean {
    if (lines.length === 0) return this.#left > 0;
    const text = lines.map((l) => `${this.#timestamps ? `${rfc3339Nano(l.timeMs)} ` : ''}${l.text}\n`).join('');
    const all = Buffer.from(text);
    const bytes = all.length > this.#left ? all.subarray(0, this.#left) : all;
    this.#left -= bytes.length;
    if (bytes.length) this.#res.write(bytes);
    return this.#left > 0;
  }
}

/** Go's time.RFC3339Nano: the fraction without trailing zeros, none when whole. */
export function rfc3339Nano(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d*?)0*Z$/, (_, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}
