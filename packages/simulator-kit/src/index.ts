/**
 * @dojo/simulator-kit — what the project's simulators of external systems (the Discord API,
 * the Kafka broker's admin API) and its fault injectors share, so each is written once.
 *
 * Promises:
 * - `seededRandom(seed)` yields the same sequence in every run for the same seed: a seeded
 *   fault test or load replays exactly.
 * - `FaultKnobs` keeps a simulator's fault settings: a refused update changes nothing, `get`
 *   hands out copies, and draws come only from its seeded sequence.
 * - `startSimulatorListener` answers every request with the simulator's own JSON shape, errors
 *   included; nothing escapes a request, a foreign Host is refused, a 413 closes the connection.
 * - `answerControlRoute` matches a simulator's own `/_sim` endpoints from one table: a known path
 *   under another method is its 405, anything else its 404.
 *
 * Misuse: what a knob means, and when a request draws against it, belongs to each simulator;
 * the kit does not know Discord or Kafka and must not learn them.
 */
export { seededRandom } from './seeded-random.ts';
export { FaultKnobs, type FaultKnobsOptions } from './fault-knobs.ts';
export { parseJsonBody, readBody, splitTarget, writeJsonAnswer, type JsonAnswer } from './json-http-io.ts';
export { answerControlRoute, type ControlMisses, type ControlRoutes } from './control-routes.ts';
export { startSimulatorListener, type SimulatorListener, type SimulatorListenerOptions } from './simulator-listener.ts';
