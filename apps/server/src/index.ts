/**
 * @dojo/server — the console backend and the `dojo-console` CLI. Wiring only.
 *
 * Promises:
 * - `dojo-console up` starts every part of the embedded default (API server, simulated control
 *   plane), the selected operators with the simulators they start (Discord for `dojo`, the
 *   Kafka broker for `kafkatopic`) and the console, and prints where to find them; `stop()`,
 *   or a start that fails, closes every part it started, last first.
 * - Routes and WebSocket handlers decode, call and encode; business logic lives in packages/*.
 * - Errors leave as Kubernetes `Status` objects through one error middleware.
 *
 * Misuse: do not import this package from packages/*; dependencies point the other way.
 */
export { startConsoleServer, type ConsoleServer, type ConsoleServerOptions } from './console-server.ts';
export { runUp, type RunningConsole } from './up.ts';
export { CliUsageError, parseCli, type CliCommand, type UpOptions } from './cli-args.ts';
