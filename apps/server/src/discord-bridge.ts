/** The console's view of the Discord simulator: its state and fault knobs, over its control API. */
import { newStatusError } from '@dojo/kube-api';

/** `token` is the simulator's: its control API asks for the same `Bot` token as its Discord API. */
export function discordBridge(simulatorUrl: string, token: string) {
  const call = async (method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${simulatorUrl}${path}`, {
      method,
      headers: { authorization: `Bot ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw newStatusError(res.status, res.status === 400 ? 'BadRequest' : 'InternalError', `Discord simulator: ${JSON.stringify(json)}`);
    return json;
  };
  return {
    state: () => call('GET', '/_sim/state?messages=50'),
    faults: () => call('GET', '/_sim/faults'),
    setFaults: (faults: Record<string, unknown>) => call('PUT', '/_sim/faults', faults),
  };
}
