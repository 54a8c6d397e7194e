/**
 * @kubernetes/client-node 1.4, in this process, against both servers: its typed APIs (patch
 * types chosen with setHeaderOptions), the generic KubernetesObjectApi (server-side apply),
 * CustomObjectsApi, Watch and makeInformer; every error as the ApiException it throws.
 */
import * as k8s from '@kubernetes/client-node';
import { clientScenarioSteps, type ScenarioLine } from './client-scenario.ts';
import { customResourceActions, deleteActions, streamActions, workloadActions } from './client-node.scenario-more.ts';
import { errorActions, readActions, writeActions, type NodeAction, type NodeClients } from './client-node.scenario.ts';
import type { Target } from './differential.ts';

/** The scenario, in order (later actions use earlier actions' objects). */
const scenario: NodeAction[] = [
  ...readActions,
  ...writeActions,
  ...workloadActions,
  ...deleteActions,
  ...errorActions,
  ...streamActions,
  ...customResourceActions,
];

/**
 * An ApiException as a caller reads it: the code, the body (a Status, parsed from the text
 * client-node keeps) and the first line of its message (the rest repeats the body and the
 * response headers, which carry per-request ids).
 */
function describeError(err: unknown): unknown {
  if (!(err instanceof k8s.ApiException)) return { thrown: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  const e = err as k8s.ApiException<unknown>;
  let body = e.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      // not JSON: kept as the text it is
    }
  }
  return { exception: 'ApiException', code: e.code, message: e.message.split('\n').slice(0, 2).join(' | '), body };
}

async function run(target: Target): Promise<ScenarioLine[]> {
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(target.kubeconfigPath);
  const clients: NodeClients = {
    kc,
    core: kc.makeApiClient(k8s.CoreV1Api),
    apps: kc.makeApiClient(k8s.AppsV1Api),
    custom: kc.makeApiClient(k8s.CustomObjectsApi),
    objects: k8s.KubernetesObjectApi.makeApiClient(kc),
    memo: {},
  };
  const lines: ScenarioLine[] = [];
  for (const { action, run: act } of scenario) {
    try {
      lines.push({ action, result: await act(clients) });
    } catch (err) {
      lines.push({ action, error: describeError(err) });
    }
  }
  return lines;
}

export const clientNodeSteps = clientScenarioSteps(
  'client-node',
  scenario.map((a) => a.action),
  run,
);
