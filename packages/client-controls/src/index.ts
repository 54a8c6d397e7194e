/**
 * @dojo/client-controls — the console's side of per-client controls on a connected client
 * (docs: `dojo-console client`, `dojo-console rbac`): the CLI that drives a running console, and
 * least-privilege RBAC derived from what a client did.
 *
 * Promises:
 * - One table of subcommands (client-command.ts, fault-args.ts): each names its flags, turns
 *   them into a request to the console, and the usage text is built from it. A CLI process finds
 *   the console of a data dir through `console-endpoint.json` and its console token, and says so
 *   when the file names a console that is gone rather than guessing (console-endpoint.ts).
 * - Derived RBAC allows exactly the requests the client made (rbac-derive.ts, as audit2rbac):
 *   kube's own rule matching (`ruleAllows`) decides coverage, and what kube's bootstrap policy
 *   grants every authenticated user is never asked for (rbac-everyone.ts).
 * - Read from the data dir's request journal, so the console need not run (rbac-journal.ts); a
 *   line torn by a crash is skipped.
 */
export { clientUsage, ClientUsageError, parseClientCommand, runClientCommand, type ClientCommandOutput, type ParsedClientCommand } from './client-command.ts';
export { findConsole, removeConsoleEndpoint, writeConsoleEndpoint } from './console-endpoint.ts';
export { askConsole, type ConsoleAnswer, type ConsoleRequest } from './console-request.ts';
export { clientJournalRecords } from './rbac-journal.ts';
export { runRbac, type RbacCommand } from './rbac-command.ts';
export { clientRbacFromDataDir, type ClientRbacSource } from './rbac-report.ts';
export { clientReportCard, type ReportCardActivity, type ReportCardSource } from './report-card-source.ts';
