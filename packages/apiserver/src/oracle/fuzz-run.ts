/**
 * Running a fuzz sequence against one target: each command becomes the request a client would
 * send, with the symbolic resourceVersions resolved against what this target answered before,
 * and each answer is observed as status, warnings and a normalized body.
 *
 * managedFields are compared like the rest of the body (times normalized): every write's
 * ownership bookkeeping, apply and its conflicts included, must match kube-apiserver's.
 */
import type { CallResult } from '../testing/https-call.ts';
import type { Target } from './differential.ts';
import { createNormalizer } from './normalize.ts';
import { withoutIntendedBodyDifferences, withoutIntendedDifferences } from './fuzz-intended-differences.ts';
import type { FuzzCommand, FuzzKind, VersionChoice, WidgetSchema } from './fuzz-commands.ts';

export const fuzzGroup = 'fuzz.dojo.dev';
export const widgetCrdName = `widgets.${fuzzGroup}`;

/** The Widget CRD of one fuzz run, its spec's schema chosen by the run. */
export function widgetCrd(schema: WidgetSchema): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: widgetCrdName },
    spec: {
      group: fuzzGroup,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: { spec: { type: 'object', properties: schema.properties, ...(schema.required.length ? { required: schema.required } : {}) } },
            },
          },
        },
      ],
    },
  };
}

function collection(kind: FuzzKind, namespace: string): string {
  return kind === 'configmap' ? `/api/v1/namespaces/${namespace}/configmaps` : `/apis/${fuzzGroup}/v1/namespaces/${namespace}/widgets`;
}

function typeMeta(kind: FuzzKind): { apiVersion: string; kind: string } {
  return kind === 'configmap' ? { apiVersion: 'v1', kind: 'ConfigMap' } : { apiVersion: `${fuzzGroup}/v1`, kind: 'Widget' };
}

/**
 * A merge, strategic or apply body that also sets last-applied-configuration (as `kubectl apply`
 * writes it: the configuration as JSON, a newline), for kube's client-side apply upgrade.
 */
function withLastApplied(command: Extract<FuzzCommand, { op: 'patch' }>, body: unknown): unknown {
  if (command.lastApplied === undefined || command.type === 'json' || !isPlainObject(body)) return body;
  const configuration = { ...typeMeta(command.kind), metadata: { name: command.name }, [command.kind === 'configmap' ? 'data' : 'spec']: command.lastApplied };
  const metadata = isPlainObject(body.metadata) ? body.metadata : {};
  const annotations = { 'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify(configuration)}\n` };
  return { ...body, metadata: { ...metadata, annotations } };
}

function object(kind: FuzzKind, name: string, labels: Record<string, string>, content: unknown, resourceVersion?: string): unknown {
  const metadata = { name, labels, ...(resourceVersion ? { resourceVersion } : {}) };
  return { ...typeMeta(kind), metadata, [kind === 'configmap' ? 'data' : 'spec']: content };
}

const patchContentTypes = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

/** A resourceVersion far past anything either server has written in a test run. */
const futureVersion = '999999999';

/** One target's side of a sequence: the resourceVersions it answered, per object. */
export class FuzzSession {
  private readonly versions = new Map<string, { first: string; latest: string }>();

  constructor(
    private readonly target: Target,
    readonly namespace: string,
  ) {}

  private version(kind: FuzzKind, name: string, choice: VersionChoice): string | undefined {
    const seen = this.versions.get(`${kind}/${name}`);
    if (choice === 'future') return futureVersion;
    if (choice === 'fresh') return seen?.latest;
    if (choice === 'stale') return seen?.first;
    return undefined;
  }

  private remember(kind: FuzzKind, name: string, result: CallResult): void {
    const rv = result.body?.metadata?.resourceVersion;
    if (result.status >= 300 || typeof rv !== 'string' || result.body?.kind === 'Status') return;
    const key = `${kind}/${name}`;
    const seen = this.versions.get(key);
    this.versions.set(key, { first: seen?.first ?? rv, latest: rv });
  }

  /** Sends the command's request(s) and answers what a client saw, normalized. */
  async run(command: FuzzCommand): Promise<string> {
    const base = collection(command.kind, this.namespace);
    const dryRun = 'dryRun' in command && command.dryRun ? 'dryRun=All' : '';
    switch (command.op) {
      case 'create': {
        const result = await this.target.call('POST', withQuery(base, dryRun), object(command.kind, command.name, command.labels, command.content));
        if (!command.dryRun) this.remember(command.kind, command.name, result);
        return observe(`POST ${command.kind} ${command.name}${command.dryRun ? ' (dry run)' : ''}`, result);
      }
      case 'get': {
        const result = await this.target.call('GET', `${base}/${command.name}`);
        this.remember(command.kind, command.name, result);
        return observe(`GET ${command.kind} ${command.name}`, result);
      }
      case 'list':
        return this.list(command.kind, base, command.labelSelector, command.fieldSelector, command.limit);
      case 'update': {
        const rv = this.version(command.kind, command.name, command.version);
        const result = await this.target.call('PUT', `${base}/${command.name}`, object(command.kind, command.name, command.labels, command.content, rv));
        this.remember(command.kind, command.name, result);
        return observe(`PUT ${command.kind} ${command.name} (${command.version} resourceVersion)`, result);
      }
      case 'patch': {
        const apply = command.type === 'apply';
        const plain = apply && isPlainObject(command.body) ? { ...typeMeta(command.kind), metadata: { name: command.name }, ...command.body } : command.body;
        const body = withLastApplied(command, plain);
        const query = apply ? `fieldManager=${command.manager ?? 'fuzz'}${command.force ? '&force=true' : ''}` : '';
        const result = await this.target.call('PATCH', withQuery(`${base}/${command.name}`, query), body, { 'content-type': patchContentTypes[command.type] });
        this.remember(command.kind, command.name, result);
        const by = apply && command.manager === 'kubectl' ? ' by kubectl' : '';
        const withAnnotation = body !== plain ? ', last-applied' : '';
        return observe(`PATCH ${command.kind} ${command.name} (${command.type}${by}${apply && command.force ? ', force' : ''}${withAnnotation})`, result);
      }
      case 'delete': {
        const rv = this.version(command.kind, command.name, command.version);
        const options = {
          apiVersion: 'v1',
          kind: 'DeleteOptions',
          ...(command.propagationPolicy ? { propagationPolicy: command.propagationPolicy } : {}),
          ...(rv ? { preconditions: { resourceVersion: rv } } : {}),
          ...(command.dryRun ? { dryRun: ['All'] } : {}),
        };
        const result = await this.target.call('DELETE', `${base}/${command.name}`, options);
        if (result.status < 300 && !command.dryRun) this.versions.delete(`${command.kind}/${command.name}`);
        return observe(
          `DELETE ${command.kind} ${command.name} (${command.version} precondition, ${command.propagationPolicy ?? 'default'} propagation)`,
          result,
        );
      }
    }
  }

  /** A list, following `continue` tokens page by page as a pager does. */
  private async list(kind: FuzzKind, base: string, labelSelector: string, fieldSelector: string, limit: number | undefined): Promise<string> {
    const pages: string[] = [];
    let continueToken = '';
    for (let page = 0; page < 5; page++) {
      const query = [
        labelSelector && `labelSelector=${encodeURIComponent(labelSelector)}`,
        fieldSelector && `fieldSelector=${encodeURIComponent(fieldSelector)}`,
        limit && `limit=${limit}`,
        continueToken && `continue=${encodeURIComponent(continueToken)}`,
      ]
        .filter(Boolean)
        .join('&');
      const result = await this.target.call('GET', withQuery(base, query));
      pages.push(observe(`LIST ${kind} ?${query.replace(/continue=[^&]*/, 'continue=<token>')}`, result));
      continueToken = result.status === 200 ? (result.body?.metadata?.continue ?? '') : '';
      if (!continueToken) break;
    }
    return pages.join('\n');
  }

  /** Every event of both kinds in this namespace since `fromVersion`, as a watch from there reads them. */
  async watchSince(kind: FuzzKind, fromVersion: string): Promise<string> {
    const result = await this.target.call('GET', `${collection(kind, this.namespace)}?watch=1&resourceVersion=${fromVersion}&timeoutSeconds=1`);
    const events = String(result.raw.toString('utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const event = JSON.parse(line) as { type: string; object: { metadata?: { name?: string; labels?: unknown }; data?: unknown; spec?: unknown } };
        const o = event.object;
        // Keys sorted, as everywhere else compared: member order carries no meaning in JSON.
        const content = JSON.parse(createNormalizer().json({ labels: o.metadata?.labels, data: o.data, spec: o.spec })) as unknown;
        return `${event.type} ${o.metadata?.name ?? ''} ${JSON.stringify(content)}`;
      });
    return [`WATCH ${kind} from the sequence's start: status ${result.status}`, ...events].join('\n');
  }

  /** The list's resourceVersion now, to watch from later. */
  async currentVersion(kind: FuzzKind): Promise<string> {
    const result = await this.target.call('GET', collection(kind, this.namespace));
    return String(result.body?.metadata?.resourceVersion ?? '');
  }
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** With a list's own resourceVersion as a placeholder: it is the store's revision, not an object's. */
function comparable(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const out: Record<string, unknown> = { ...body };
  if (isPlainObject(out.metadata)) {
    const metadata = out.metadata;
    out.metadata = Array.isArray(out.items) && 'resourceVersion' in metadata ? { ...metadata, resourceVersion: '<list>' } : metadata;
  }
  if (Array.isArray(out.items)) out.items = out.items.map(comparable);
  return out;
}

function observe(line: string, result: CallResult): string {
  const normalizer = createNormalizer();
  const warning = result.headers['warning'];
  const body = withoutIntendedDifferences(
    typeof result.body === 'string' ? normalizer.text(result.body) : normalizer.json(comparable(withoutIntendedBodyDifferences(result.body))),
  );
  return [line, `status ${result.status}`, ...(warning ? [`warning: ${normalizer.text(String(warning))}`] : []), body].join('\n');
}
