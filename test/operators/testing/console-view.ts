/**
 * What the console shows about an operator, read the way its pages read it: the owner tree
 * (objects that name their owner by uid, as the object page's tree is built), an object's
 * Events (core/v1 Events whose involvedObject is it), and how long each finding took to appear
 * after the operator's first request, printed with the suite's output.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { OperatorConsole } from './operator-console.ts';

export interface OwnedNode {
  kind: string;
  name: string;
  children: OwnedNode[];
}

/**
 * The tree under `root` among the namespace's Deployments, ReplicaSets, StatefulSets, Pods,
 * Services and ConfigMaps (what the operators here create), each child found by the owner uid
 * it names.
 */
export async function ownerTree(view: Pick<OperatorConsole, 'list'>, root: KubeObject): Promise<OwnedNode> {
  const namespace = root.metadata.namespace!;
  const lists = await Promise.all(
    [
      ['Deployment', `/apis/apps/v1/namespaces/${namespace}/deployments`],
      ['ReplicaSet', `/apis/apps/v1/namespaces/${namespace}/replicasets`],
      ['StatefulSet', `/apis/apps/v1/namespaces/${namespace}/statefulsets`],
      ['Pod', `/api/v1/namespaces/${namespace}/pods`],
      ['Service', `/api/v1/namespaces/${namespace}/services`],
      ['ConfigMap', `/api/v1/namespaces/${namespace}/configmaps`],
    ].map(async ([kind, path]) => (await view.list(path!)).map((o) => ({ ...o, kind: kind! }))),
  );
  const candidates = lists.flat();
  const grow = (object: KubeObject): OwnedNode => ({
    kind: object.kind!,
    name: object.metadata.name!,
    children: candidates
      .filter((c) => c.metadata.ownerReferences?.some((ref) => ref.uid === object.metadata.uid && ref.controller))
      .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`))
      .map(grow),
  });
  return grow(root);
}

export interface CoreEvent extends KubeObject {
  involvedObject: { kind?: string; name?: string; uid?: string };
  type?: string;
  reason?: string;
  message?: string;
  source?: { component?: string };
  reportingComponent?: string;
}

/** The Events about `object`, as its Events tab lists them. */
export async function eventsAbout(view: OperatorConsole, object: KubeObject): Promise<CoreEvent[]> {
  const events = (await view.list(`/api/v1/namespaces/${object.metadata.namespace}/events`)) as CoreEvent[];
  return events.filter((e) => e.involvedObject.uid === object.metadata.uid);
}

/** Seconds from a client's first request to when each finding was seen, kept for the suite's summary. */
export class FindingTimes {
  private readonly rows: string[] = [];

  constructor(private readonly suite: string) {}

  async record(view: OperatorConsole, client: string, finding: string): Promise<void> {
    const card = (await view.activity()).clients.find((c) => c.name === client);
    const seconds = card ? ((Date.now() - card.firstSeen) / 1000).toFixed(1) : '?';
    this.rows.push(`  ${client.padEnd(28)} ${finding.padEnd(44)} ${seconds} s after its first request`);
  }

  print(): void {
    if (this.rows.length > 0) console.log(`[${this.suite}] when the console showed it:\n${this.rows.join('\n')}`);
  }
}
