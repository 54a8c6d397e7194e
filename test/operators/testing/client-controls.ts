/**
 * The controls of a connected client, driven through the console's HTTP API as the UI and
 * `dojo-console client NAME …` drive them (docs/client-controls.md): its view (pause, resume,
 * step, break, continue, stale), the faults on its requests, its staleness and stale writes,
 * and its journal records (watch opens included), for suites that run real operators.
 */
import type {
  ClientFaults,
  ClientReportCard,
  ClientStalenessAnswer,
  ClientViewCommand,
  ClientViewState,
  FaultRuleSpec,
  ReportLine,
  RequestJournalRecord,
} from '@dojo/console-protocol';
import { expect } from 'vitest';
import type { OperatorConsole } from './operator-console.ts';

export interface ClientControls {
  /** `POST /api/clients/:name/view` with one command: the state now in force. */
  view(command: ClientViewCommand): Promise<ClientViewState>;
  /** `GET /api/clients/:name/view`'s held events, as "TYPE Kind name", oldest first per watch. */
  held(): Promise<string[]>;
  /** Steps until an event matching `wanted` ("TYPE Kind name") leaves, each step releasing exactly one: what left, in order. */
  stepUntil(wanted: string, most?: number): Promise<string[]>;
  /** `POST /api/clients/:name/faults`: the rule added. */
  fault(rule: FaultRuleSpec): Promise<ClientFaults['rules'][number]>;
  faults(): Promise<ClientFaults>;
  clearFaults(): Promise<void>;
  staleness(): Promise<ClientStalenessAnswer>;
  /** `GET /api/clients/:name/report`: its report card. */
  report(): Promise<ClientReportCard>;
  /** Every journal record of the client (requests, watch opens, events delivered, closes), oldest first. */
  journal(): Promise<RequestJournalRecord[]>;
}

export function clientControls(view: OperatorConsole, client: string): ClientControls {
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(new URL(`api/clients/${client}/${path}`, view.running.console.url), {
      method,
      headers: { authorization: `Bearer ${view.running.token}`, 'content-type': 'application/json', 'x-dojo-console': '1' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} /api/clients/${client}/${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const describe = (e: { type: string; kind: string; name: string }) => `${e.type} ${e.kind} ${e.name}`;
  const controls: ClientControls = {
    view: (command) => call('POST', 'view', command),
    held: async () => (await call<ClientViewState>('GET', 'view')).watches.flatMap((w) => w.held.map(describe)),
    async stepUntil(wanted, most = 30) {
      const stepped: string[] = [];
      while (!stepped.includes(wanted)) {
        if (stepped.length >= most) throw new Error(`${wanted} did not leave in ${most} steps: ${stepped.join(', ')}`);
        const step = await controls.view({ op: 'step' });
        if (step.released !== 1 || !step.stepped) throw new Error(`a step released ${step.released} events`);
        stepped.push(describe(step.stepped));
      }
      return stepped;
    },
    fault: async (rule) => (await call<ClientFaults>('POST', 'faults', rule)).rules.at(-1)!,
    faults: () => call('GET', 'faults'),
    clearFaults: async () => void (await call('DELETE', 'faults')),
    staleness: () => call('GET', 'staleness'),
    report: () => call('GET', 'report'),
    journal: async () => (await view.get<{ records: RequestJournalRecord[] }>(`/api/requests?limit=10000&client=${encodeURIComponent(client)}`)).records,
  };
  return controls;
}

/**
 * The report card's "Retries after 409 Conflict" line after a 409 fault was retried: the card saw
 * the 409 and judged how the client retried (how fast, or that it waited for an event, as kopf
 * and the Java SDK do), with the 409s and their retries linked as evidence.
 */
export async function expectConflictRetryReported(controls: ClientControls): Promise<ReportLine> {
  const line = (await controls.report()).lines.find((l) => l.id === 'conflict-retries')!;
  expect(['good', 'warning'], line.summary).toContain(line.verdict);
  expect(line.summary).toMatch(/^Retried/);
  expect(line.figures.find((f) => f.label === 'retried')?.value).toBeGreaterThanOrEqual(1);
  expect(line.links.filter((l) => l.kind === 'request').length).toBeGreaterThanOrEqual(2);
  return line;
}
