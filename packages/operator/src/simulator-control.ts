/**
 * The console's hold on a simulator it started: its state and fault knobs, over the simulator's
 * own control API (`GET /_sim/state`, `GET`/`PUT /_sim/faults`), which the Discord and Kafka
 * broker simulators both serve. The simulator validates the knobs itself; its refusal comes
 * back as a Status.
 */
import { newStatusError } from '@dojo/kube-api';

export interface SimulatorControl {
  state(): Promise<unknown>;
  /** The fault settings now: a page opened later shows what is in force, not "unknown". */
  faults(): Promise<unknown>;
  setFaults(faults: Record<string, unknown>): Promise<unknown>;
}

/**
 * `authorization` is the simulator's own header value (`Bot …` for Discord, `Bearer …` for the
 * broker): its control API asks for the same token as its API. `stateQuery` narrows the state
 * (Discord's `messages=50`).
 */
export function simulatorControl(label: string, url: string, authorization: string, stateQuery = ''): SimulatorControl {
  const call = async (method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw newStatusError(res.status, res.status === 400 ? 'BadRequest' : 'InternalError', `${label} simulator: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    state: () => call('GET', `/_sim/state${stateQuery ? `?${stateQuery}` : ''}`),
    faults: () => call('GET', '/_sim/faults'),
    setFaults: (faults) => call('PUT', '/_sim/faults', faults),
  };
}
