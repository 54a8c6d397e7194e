import { answerControlRoute } from '@dojo/simulator-kit';
import { discordErrors } from '../api-error.ts';
import { parseFaultSettings } from './faults.ts';
import type { Faults } from './faults.ts';
import { parseJsonBody } from './http-io.ts';
import type { Answer, DecodedRequest } from './http-io.ts';
import type { SimulatorEvents } from './simulator-events.ts';
import type { SimulatorState } from './simulator-state.ts';
import { stateView } from './state-view.ts';

export interface ControlDeps {
  state: SimulatorState;
  faults: Faults;
  events: SimulatorEvents;
}

/**
 * The simulator's own endpoints under `/_sim`, for the console and for tests. They are not
 * part of Discord's API: the same token as the API (checked by the server before these run),
 * but no rate limits and no injected faults.
 *
 * - `GET /_sim/state?messages=20`: guilds with channels and their latest messages.
 * - `DELETE /_sim/state`: forget every guild, channel and message.
 * - `GET /_sim/faults`, `PUT /_sim/faults` (partial update, answers the merged settings).
 * - `GET /_sim/events?since=<seq>`: state changes after `seq`, with `resyncRequired`.
 */
export function answerControlRequest(deps: ControlDeps, request: DecodedRequest): Answer {
  const setFaults = (): Answer => ({ status: 200, body: deps.faults.set(parseFaultSettings(parseJsonBody(request.rawBody))) });
  return answerControlRoute(
    {
      'GET /_sim/state': () => ({ status: 200, body: stateView(deps.state.snapshot(), count(request.query.get('messages'), 20, 1000)) }),
      'DELETE /_sim/state': () => {
        deps.state.reset();
        return { status: 204 };
      },
      'GET /_sim/faults': () => ({ status: 200, body: deps.faults.get() }),
      'PUT /_sim/faults': setFaults,
      'PATCH /_sim/faults': setFaults,
      'GET /_sim/events': () => {
        const since = request.query.get('since');
        return { status: 200, body: deps.events.since(since === null ? undefined : count(since, 0, Number.MAX_SAFE_INTEGER)) };
      },
    },
    request.method,
    request.path,
    { notFound: () => discordErrors.routeNotFound(), methodNotAllowed: () => discordErrors.methodNotAllowed() },
  );
}

function count(raw: string | null, fallback: number, max: number): number {
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) && value >= 0 ? Math.min(value, max) : fallback;
}
