/**
 * Steps driven by a client library (the Python client, client-go, client-node) rather than by
 * raw HTTP: each client runs one scripted scenario per server, in its own namespace, and
 * reports every action as one line `{action, result | error}` — objects as the client decoded
 * them, errors as the client's own exception surfaces them. Each action is one step here, so a
 * difference names the action; the scenario runs once per target, on its first step.
 */
import { createNormalizer } from './normalize.ts';
import type { Step, Target } from './differential.ts';
import { widgetsCrd } from '../testing/client-go.ts';

export interface ScenarioLine {
  action: string;
  result?: unknown;
  error?: unknown;
}

/** Runs a client's whole scenario against one server and answers its lines in order. */
export type ScenarioRunner = (target: Target) => Promise<ScenarioLine[]>;

/** A client's first step also starts it (a build, a process, the CRD): a generous timeout. */
const firstStepTimeoutMs = 900_000;

/**
 * One step per action, named `<client>: <action>`, plus a last step that fails when the client
 * printed an action no step reads (a new action must be listed to be compared).
 */
export function clientScenarioSteps(client: string, actions: readonly string[], run: ScenarioRunner): Step[] {
  const runs = new WeakMap<Target, Promise<Map<string, ScenarioLine>>>();
  const linesOf = (target: Target): Promise<Map<string, ScenarioLine>> => {
    let lines = runs.get(target);
    if (!lines) {
      lines = ensureWidgetsCrd(target)
        .then(() => run(target))
        .then((all) => new Map(all.map((line) => [line.action, line])));
      runs.set(target, lines);
    }
    return lines;
  };
  const steps: Step[] = actions.map((action, index) => ({
    name: `${client}: ${action}`,
    ...(index === 0 ? { timeoutMs: firstStepTimeoutMs } : {}),
    async observe(target) {
      const line = (await linesOf(target)).get(action);
      if (!line) throw new Error(`${client} printed no line for "${action}" against ${target.name}`);
      return createNormalizer().json(line.error !== undefined ? { error: line.error } : { result: line.result });
    },
  }));
  steps.push({
    name: `${client}: every action printed has a step`,
    async observe(target) {
      const unlisted = [...(await linesOf(target)).keys()].filter((action) => !actions.includes(action));
      if (unlisted.length > 0) throw new Error(`${client} printed actions no step reads: ${unlisted.join(', ')}`);
      return `${actions.length} actions`;
    },
  });
  return steps;
}

/** The widgets CRD the scenarios' custom resources use, created once per server and Established. */
async function ensureWidgetsCrd(target: Target): Promise<void> {
  const path = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  const created = await target.call('POST', path, widgetsCrd);
  if (created.status !== 201 && created.status !== 409)
    throw new Error(`creating the widgets CRD on ${target.name}: ${created.status} ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const crd = (await target.call('GET', `${path}/widgets.checks.example.com`)).body as { status?: { conditions?: { type: string; status: string }[] } };
    if (crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the widgets CRD never became Established on ${target.name}`);
}
