/**
 * A Guestbook operator written on a third-party framework, kubernetes-fluent-client (the one
 * Pepr is built on): nothing here knows about the console. Run it as its own process with any
 * kubeconfig in $KUBECONFIG:
 *
 *   KUBECONFIG=... node --import tsx fluent-operator.ts [--mode converge|flap] [--namespace NS] [--work-ms N]
 *
 * - converge: keeps a ConfigMap "<name>-message" (owned by the Guestbook, and watched: a change
 *   of it brings its Guestbook's next pass) holding spec.message, then reports Ready=True once,
 *   with observedGeneration — one write per pass; a pass that finds nothing to change writes
 *   nothing.
 * - flap: the classic hot loop — on every event it rewrites the Ready condition's
 *   lastTransitionTime, whose echo is the next event.
 *
 * --work-ms makes every pass take that long before it writes (slow work, or a slow network).
 *
 * Prints "watching" once its watch is open.
 */
import { parseArgs } from 'node:util';
import { GenericKind, K8s, kind, RegisterKind } from 'kubernetes-fluent-client';

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

class Guestbook extends GenericKind {
  declare spec?: { message?: string; size?: number };
  declare status?: { observedGeneration?: number | undefined; conditions?: Condition[] };
}

RegisterKind(Guestbook, { group: 'webapp.example.com', version: 'v1', kind: 'Guestbook', plural: 'guestbooks' });

const { values } = parseArgs({
  options: { mode: { type: 'string', default: 'converge' }, namespace: { type: 'string', default: 'default' }, 'work-ms': { type: 'string', default: '0' } },
});
const mode = values.mode === 'flap' ? 'flap' : 'converge';
const namespace = values.namespace!;
const workMs = Number(values['work-ms']);

let stamps = 0;
/** RFC 3339 with microseconds: two passes in one millisecond still write different times. */
const now = () => new Date().toISOString().replace(/Z$/, `${String(stamps++ % 1000).padStart(3, '0')}Z`);

async function converge(guestbook: Guestbook): Promise<void> {
  const name = guestbook.metadata!.name!;
  const configMapName = `${name}-message`;
  const message = guestbook.spec?.message ?? '';
  const current = await K8s(kind.ConfigMap)
    .InNamespace(namespace)
    .Get(configMapName)
    .catch(() => undefined);
  if (current?.data?.message !== message) {
    await K8s(kind.ConfigMap).Apply({
      metadata: {
        name: configMapName,
        namespace,
        ownerReferences: [
          { apiVersion: 'webapp.example.com/v1', kind: 'Guestbook', name, uid: guestbook.metadata!.uid!, controller: true, blockOwnerDeletion: true },
        ],
      },
      data: { message },
    });
    return;
  }
  const ready = guestbook.status?.conditions?.find((c) => c.type === 'Ready');
  const generation = guestbook.metadata?.generation;
  if (ready?.status === 'True' && guestbook.status?.observedGeneration === generation) return;
  const conditions: Condition[] = [
    {
      type: 'Ready',
      status: 'True',
      reason: 'MessageStored',
      message: `in ConfigMap ${configMapName}`,
      lastTransitionTime: ready?.status === 'True' ? ready.lastTransitionTime! : now(),
    },
  ];
  await K8s(Guestbook).PatchStatus({ metadata: { name, namespace }, status: { observedGeneration: generation, conditions } });
}

async function flap(guestbook: Guestbook): Promise<void> {
  const name = guestbook.metadata!.name!;
  // The bug on purpose: a fresh lastTransitionTime on every pass, though Ready never changes.
  await K8s(Guestbook).PatchStatus({
    metadata: { name, namespace },
    status: { conditions: [{ type: 'Ready', status: 'True', reason: 'Reconciled', lastTransitionTime: now() }] },
  });
}

const reconcile = mode === 'flap' ? flap : converge;
const run = async (guestbook: Guestbook): Promise<void> => {
  try {
    if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
    await reconcile(guestbook);
  } catch (error) {
    process.stderr.write(`reconcile ${guestbook.metadata?.name}: ${String(error)}\n`);
  }
};
const watchers: { start(): Promise<unknown>; close(): void }[] = [
  K8s(Guestbook)
    .InNamespace(namespace)
    .Watch(async (guestbook, phase) => {
      if (phase !== 'DELETED') await run(guestbook);
    }),
];
if (mode === 'converge') {
  // Owns(ConfigMap): a change of a ConfigMap a Guestbook controls brings that Guestbook's next pass.
  watchers.push(
    K8s(kind.ConfigMap)
      .InNamespace(namespace)
      .Watch(async (configMap) => {
        const owner = configMap.metadata?.ownerReferences?.find((o) => o.controller && o.kind === 'Guestbook');
        if (!owner) return;
        const guestbook = await K8s(Guestbook)
          .InNamespace(namespace)
          .Get(owner.name)
          .catch(() => undefined);
        if (guestbook) await run(guestbook);
      }),
  );
}
for (const watcher of watchers) await watcher.start();
process.stdout.write('watching\n');
process.once('SIGTERM', () => {
  for (const watcher of watchers) watcher.close();
  process.exit(0);
});
