/**
 * @dojo/envtest — a real API server for a test, as controller-runtime's envtest is: start the
 * embedded API server in a child process, hand the test its URL, kubeconfig and a KubeConfig,
 * stop it (and remove its data dir) at the end.
 *
 * Promises:
 * - The server is the real one (`@dojo/apiserver`'s CLI, its package entry `@dojo/apiserver/cli`)
 *   behind real HTTPS with a CA and a bearer token; the test talks to it exactly as it talks to
 *   a cluster. Its code is never imported: a client under test (the runtime above all) cannot
 *   lean on the server's internals.
 * - `restart()` keeps the port and the data dir (state survives, every watch is cut);
 *   `forceHistoryLoss()` makes every resourceVersion handed out before it too old to watch from.
 * - A test process that exits leaves no server behind (the child is killed on exit).
 *
 * Misuse: product code never imports this; it is for tests, benchmarks and their harnesses.
 */
export { startTestApiServer, type TestApiServer, type TestApiServerOptions } from './test-api-server.ts';
