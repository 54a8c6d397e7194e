/**
 * The kubebuilder v4.16.0 Memcached operator (the deploy-image tutorial's, unmodified, as
 * go-kubebuilder.test.ts builds it) and RBAC: the least-privilege RBAC derived from its traffic
 * compared with the config/rbac/role.yaml controller-gen generated from its markers, every
 * difference explained below; then the operator connected with `--service-account` and that
 * role.yaml less one rule, whose 403 comes back in kube's words and is journaled with the rule
 * that would allow it.
 *
 * The CRD is installed with the admin's kubeconfig, so only the operator's own requests are
 * `memcached-operator`'s. Skipped, in one line, without Go.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestRecord, UnusedGrant } from '@dojo/console-protocol';
import { kubectlFor, type Kubectl } from '@dojo/server/testing';
import { clientJournalRecords, clientRbacFromDataDir } from '@dojo/client-controls';
import { goInstall, requireToolchain, runLogged, toolchainCacheDir } from '@dojo/toolchains';
import { eventually, startConsole, startOperator, type OperatorConsole, type OperatorProcess } from './go-operator-console.ts';

const go = requireToolchain('go', 'operators: the kubebuilder Memcached operator and RBAC');
const name = 'memcached-operator';
const work = mkdtempSync(join(tmpdir(), 'dojo-kubebuilder-rbac-'));
const project = join(work, name);
const consoleDir = join(work, 'console');
const localBin = toolchainCacheDir('kubebuilder-v4.16.0', 'bin');

let dojo: OperatorConsole;
let admin: Kubectl;
const operators: OperatorProcess[] = [];

const inProject = (command: string, args: string[], env: Record<string, string> = {}) =>
  runLogged(command, args, { cwd: project, env: { LOCALBIN: localBin, ...env }, nice: true });

function run(kubeconfig: string): OperatorProcess {
  const operator = startOperator('make', ['run'], {
    cwd: project,
    env: { KUBECONFIG: kubeconfig, LOCALBIN: localBin, MEMCACHED_IMAGE: 'memcached:1.6.26-alpine' },
  });
  operators.push(operator);
  return operator;
}

beforeAll(async () => {
  if (!go) return;
  const kubebuilder = await goInstall('sigs.k8s.io/kubebuilder/v4', 'v4.16.0');
  mkdirSync(project);
  await inProject(kubebuilder, ['init', '--domain', 'example.com', '--repo', 'example.com/memcached-operator']);
  await inProject(kubebuilder, [
    'create',
    'api',
    '--group',
    'cache',
    '--version',
    'v1alpha1',
    '--kind',
    'Memcached',
    '--image',
    'memcached:1.6.26-alpine',
    '--image-container-command=memcached,--memory-limit=64,-o,modern,-v',
    '--image-container-port=11211',
    '--run-as-user=1001',
    '--plugins=deploy-image/v1-alpha',
    '--make=false',
  ]);
  dojo = await startConsole(consoleDir, []);
  admin = kubectlFor(dojo.up.kubeconfigPath, join(work, 'kubectl-cache'));
  // `make install` regenerates config/rbac/role.yaml from the markers (controller-gen) before installing the CRD.
  await inProject('make', ['install'], { KUBECONFIG: dojo.up.kubeconfigPath });
}, 45 * 60_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  await dojo?.stop();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** The project's own sample (config/samples), under another name. */
const memcached = (n: string) =>
  readFileSync(join(project, 'config/samples/cache_v1alpha1_memcached.yaml'), 'utf8')
    .replace(/name: memcached-sample/, `name: ${n}`)
    .replace(/^metadata:$/m, 'metadata:\n  namespace: default');
const getMemcached = (n: string) =>
  dojo
    .api<{ status?: { conditions?: { type: string; status: string }[] } }>(`/api/kube/apis/cache.example.com/v1alpha1/namespaces/default/memcacheds/${n}`)
    .catch(() => undefined);
const requests = async () => (await clientJournalRecords(consoleDir, name)).filter((r): r is RequestRecord => r.type === 'request');

/**
 * What role.yaml grants that the operator's whole life (start, a Memcached made Available,
 * then deleted through its finalizer) never used, and why: the differences between its
 * traffic and the role its markers generate (nothing it did is missing from that role).
 */
const neverUsed: Record<string, string> = {
  'get cache.example.com/memcacheds': "controller-runtime's client reads from its informers' cache: no GET reaches the server",
  'get apps/deployments': 'read from the cache too',
  'get cache.example.com/memcacheds/status': "kubebuilder's default status marker (get;update;patch); status is written with PUT",
  'patch cache.example.com/memcacheds/status': 'the same marker; r.Status().Update is a PUT',
  'create cache.example.com/memcacheds': 'the full verb set of the primary resource is the scaffold default; an operator never creates its own CRs',
  'delete cache.example.com/memcacheds': 'likewise: people delete them, the operator only removes its finalizer (an update)',
  'patch cache.example.com/memcacheds': 'the finalizer is added and removed with r.Update (PUT)',
  'update cache.example.com/memcacheds/finalizers':
    'needed only where the OwnerReferencesPermissionEnforcement admission plugin is on (to set blockOwnerDeletion on the Deployment it owns); it is off by default in kube-apiserver, and no request ever goes to this subresource',
  'update apps/deployments': 'it updates its Deployment only when spec.size changes, which this test does not do',
  'patch apps/deployments': 'never patched: updates are PUTs',
  'delete apps/deployments': 'the Deployment goes with its owner, by the garbage collector',
  'get /pods': "the deploy-image scaffold's pods marker; this controller never reads Pods",
  'list /pods': 'the same marker',
  'watch /pods': 'the same marker',
};

/** Grants it uses in some runs and not in others. */
const sometimesUsed: Record<string, string> = {
  'patch events.k8s.io/events': "the event recorder patches an Event only to count a repeat (its series), which depends on the passes' timing",
};

/** `verb group/resource`, the core group's as `/resource`. */
const atom = (u: UnusedGrant) => `${u.verb} ${u.nonResourceURL ?? `${u.apiGroup ?? ''}/${u.resource}`}`;

describe.skipIf(!go)('RBAC of the kubebuilder Memcached operator', () => {
  it(
    'derived from its traffic, matches the role.yaml its markers generate but for grants it never used, each explained',
    async () => {
      const operator = run(await dojo.connect(name));
      await admin(['apply', '-f', '-'], memcached('memcached-sample'));
      await eventually(
        () => getMemcached('memcached-sample'),
        (m) => m?.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True') === true,
        () => `Available=True:\n${operator.output()}`,
        20 * 60_000,
      );
      await admin(['delete', 'memcached', 'memcached-sample', '-n', 'default', '--wait=false']);
      await eventually(
        () => getMemcached('memcached-sample'),
        (m) => m === undefined,
        () => `the finalizer removed:\n${operator.output()}`,
      );
      await operator.stop();

      const roleYaml = readFileSync(join(project, 'config/rbac/role.yaml'), 'utf8');
      const {
        value: { rbac, compare },
      } = await eventually(
        () => clientRbacFromDataDir(consoleDir, name),
        (r) => r.rbac.rules.some((rule) => rule.rule.resources?.includes('memcacheds/status')),
        () => 'its status update in the journal',
      );
      const comparison = compare(roleYaml);
      console.info(`[operators: kubebuilder rbac] derived:\n${rbac.yaml}\ncompared with role.yaml:\n${JSON.stringify(comparison, null, 1)}`);
      // Nothing it did is missing from the generated role.
      expect(comparison.missing).toEqual([]);
      // It used these, as the markers promise.
      const used = rbac.rules.flatMap((r) => r.evidence.map((e) => `${e.verb} ${e.apiGroup}/${e.resource}`));
      expect(used).toEqual(
        expect.arrayContaining([
          'list cache.example.com/memcacheds',
          'watch cache.example.com/memcacheds',
          'list apps/deployments',
          'watch apps/deployments',
          'create apps/deployments',
          'update cache.example.com/memcacheds',
          'update cache.example.com/memcacheds/status',
        ]),
      );
      // Discovery it did is everyone's (system:discovery), not role.yaml's.
      expect(comparison.grantedToEveryone.every((r) => r.rule.nonResourceURLs !== undefined)).toBe(true);
      // Every grant it never used is explained above, and every one explained is unused.
      const unused = comparison.unused.map(atom);
      expect(unused.filter((a) => !(a in neverUsed) && !(a in sometimesUsed))).toEqual([]);
      expect(Object.keys(neverUsed).filter((a) => !unused.includes(a))).toEqual([]);
      // The names it touched are all it was given, and the YAML says that is too narrow for an operator.
      expect(rbac.yaml).toContain(
        'note: memcacheds: only the objects it touched (memcached-sample); a controller that acts on every object of the kind needs this rule without resourceNames',
      );
    },
    30 * 60_000,
  );

  it(
    "connected as a ServiceAccount bound to role.yaml less its memcacheds/status rule, gets 403 for its status update in kube's words, journaled with that rule",
    async () => {
      const docs = parseAllDocuments(readFileSync(join(project, 'config/rbac/role.yaml'), 'utf8')).map((d) => d.toJS());
      const role = docs.find((d) => d?.kind === 'ClusterRole');
      role.rules = role.rules
        .map((r: { resources?: string[] }) => ({ ...r, resources: r.resources?.filter((x) => x !== 'memcacheds/status') }))
        .filter((r: { resources?: string[] }) => r.resources?.length !== 0);
      await admin(['create', 'namespace', 'memcached-operator-system']);
      await admin(['create', 'serviceaccount', 'controller-manager', '-n', 'memcached-operator-system']);
      await admin(['apply', '-f', '-'], JSON.stringify(role));
      await admin([
        'create',
        'clusterrolebinding',
        'manager-rolebinding',
        `--clusterrole=${role.metadata.name}`,
        '--serviceaccount=memcached-operator-system:controller-manager',
      ]);
      const operator = run(await dojo.connect(name, '--service-account', 'memcached-operator-system/controller-manager'));
      await admin(['apply', '-f', '-'], memcached('memcached-enforced'));
      const message =
        'memcacheds.cache.example.com "memcached-enforced" is forbidden: User "system:serviceaccount:memcached-operator-system:controller-manager" cannot update resource "memcacheds/status" in API group "cache.example.com" in the namespace "default"';
      const { value: journal } = await eventually(
        requests,
        (rs) => rs.some((r) => r.code === 403 && r.subresource === 'status'),
        () => `its 403:\n${operator.output().slice(-4000)}`,
        20 * 60_000,
      );
      expect(journal.find((r) => r.code === 403 && r.subresource === 'status')).toMatchObject({
        user: name,
        verb: 'update',
        resource: 'memcacheds',
        subresource: 'status',
        name: 'memcached-enforced',
        forbidden: {
          authorizedAs: 'system:serviceaccount:memcached-operator-system:controller-manager',
          rule: { verbs: ['update'], apiGroups: ['cache.example.com'], resources: ['memcacheds/status'] },
          namespace: 'default',
        },
      });
      // controller-runtime logs the error as a JSON string: its quotes escaped.
      const logged = message.replaceAll('"', '\\"');
      await eventually(
        () => operator.output(),
        (out) => out.includes(logged),
        () => `kube's message in its log:\n${operator.output().slice(-4000)}`,
      );
      await operator.stop();
    },
    30 * 60_000,
  );
});
