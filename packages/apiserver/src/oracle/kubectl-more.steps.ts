/**
 * More of kubectl 1.33 against both servers: `create` with each of its generators, `get` in
 * every output format, `describe`, `explain` (OpenAPI v3), `label`/`annotate`, `patch` of each
 * type, client- and server-side `apply`, `diff`, `auth`, `wait`, `rollout` verbs that need no
 * controller, `scale`/`set`, `api-resources` and `delete --cascade`. What a server invents beyond
 * the shared normalizer (ClusterIPs, NodePorts, JWTs, diff's temp dirs) is replaced here.
 */
import { custom, type Step } from './differential.ts';
import { createNormalizer, normalizeAges } from './normalize.ts';
import { droppedLine, kubectlRowsWithoutUnserved } from './unserved-api.ts';

const ns = 'oracle-kubectl';
const n = ['-n', ns];

/** Values kubectl prints that each server invents on its own. */
function scrub(text: string): string {
  return text
    .replace(/\b10\.\d+\.\d+\.\d+\b/g, '<cluster-ip>')
    .replace(/"nodePort": \d+/g, '"nodePort": <port>')
    .replace(/\b3\d{4}\/TCP/g, '<port>/TCP')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/\/tmp\/(LIVE|MERGED)-\d+/g, '/tmp/$1-<n>')
    .replace(/\t\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+ [+-]\d{4}/g, '\t<file time>')
    .replace(/^([IWE])\d{4} \d{2}:\d{2}:\d{2}\.\d+ +\d+ /gm, '$1<klog time> <pid> ');
}

interface Spec {
  args: string[];
  stdin?: string;
  json?: boolean;
  /** Discovery listings: rows of the API only kube serves are dropped and named (unserved-api.ts). */
  dropUnserved?: boolean;
  /** Tables of Services: column widths follow the invented cluster IPs' lengths, so runs of spaces become one. */
  collapseSpaces?: boolean;
  /**
   * `describe`'s Events section is left out: kube-apiserver's own repair loops (the cluster-IP
   * allocator's) post Events about the object at their own pace, so whether one is there yet
   * says when the step ran, not how the server answers.
   */
  withoutEvents?: boolean;
}

const eventsLeftOut = "Events: (not compared: kube-apiserver's repair loops post them at their own pace)";

function kc(name: string, spec: Spec): Step {
  return custom(`kubectl+ ${name}`, async (target) => {
    const result = await target.kubectl.run(spec.args, spec.stdin);
    const normalizer = createNormalizer();
    let stdout: string;
    if (spec.json && result.code === 0) stdout = normalizer.json(JSON.parse(result.stdout));
    else stdout = normalizeAges(normalizer.text(result.stdout));
    if (spec.collapseSpaces) stdout = scrub(stdout).replace(/ {2,}/g, ' ');
    if (spec.withoutEvents) stdout = stdout.replace(/^Events:[\s\S]*$/m, eventsLeftOut);
    if (spec.dropUnserved) {
      const { body, dropped } = kubectlRowsWithoutUnserved(stdout);
      stdout = `${String(body)}\n${droppedLine(dropped)}`;
    }
    return scrub([`kubectl ${spec.args.join(' ')}`, `exit ${result.code}`, '--- stdout', stdout, '--- stderr', normalizer.text(result.stderr)].join('\n'));
  });
}

/** Flags go before the arguments: a generator's `-- command` takes everything after it. */
const createJson = (what: string, args: string[]) => kc(`create ${what} -o json`, { args: ['create', ...n, '-o', 'json', ...args], json: true });

const manifest = (image: string, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: applied
  namespace: ${ns}
  labels: {app: applied}
spec:
  replicas: 1
  selector:
    matchLabels: {app: applied}
  template:
    metadata:
      labels: {app: applied}
    spec:
      containers:
      - name: app
        image: ${image}
${extra}`;

/** A Deployment for the client-side to server-side apply upgrade steps (deleted with `-l app=applied`). */
const upgradeManifest = (name: string, replicas: number, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  namespace: ${ns}
  labels: {app: applied}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: app
        image: ${image}
`;

/**
 * `kubectl apply` then `kubectl apply --server-side`: kube's fieldmanager lets the manager
 * "kubectl" take over what last-applied-configuration names and rewrites that annotation;
 * a field another manager changed since, another manager name, or no annotation still conflict.
 */
const clientToServerSideApplySteps: Step[] = [
  kc('csa upgrade: apply (client-side) creates', { args: ['apply', '-f', '-'], stdin: upgradeManifest('upgraded', 1, 'nginx:1.27') }),
  kc('csa upgrade: diff --server-side shows the takeover', { args: ['diff', '--server-side', '-f', '-'], stdin: upgradeManifest('upgraded', 2, 'nginx:1.28') }),
  kc('csa upgrade: apply --server-side by another manager: conflict', {
    args: ['apply', '--server-side', '--field-manager=intruder', '-f', '-'],
    stdin: upgradeManifest('upgraded', 2, 'nginx:1.28'),
  }),
  kc('csa upgrade: apply --server-side takes over', { args: ['apply', '--server-side', '-f', '-'], stdin: upgradeManifest('upgraded', 2, 'nginx:1.28') }),
  kc('csa upgrade: get --show-managed-fields -o json', { args: ['get', 'deployment', 'upgraded', ...n, '--show-managed-fields', '-o', 'json'], json: true }),
  kc('csa upgrade: apply (client-side) another', { args: ['apply', '-f', '-'], stdin: upgradeManifest('upgraded-scaled', 1, 'nginx:1.27') }),
  kc('csa upgrade: scale it', { args: ['scale', 'deployment/upgraded-scaled', ...n, '--replicas=5'] }),
  kc('csa upgrade: apply --server-side over the scale: conflict naming only replicas', {
    args: ['apply', '--server-side', '-f', '-'],
    stdin: upgradeManifest('upgraded-scaled', 3, 'nginx:1.28'),
  }),
  kc('csa upgrade: diff --server-side over the scale: conflict', {
    args: ['diff', '--server-side', '-f', '-'],
    stdin: upgradeManifest('upgraded-scaled', 3, 'nginx:1.28'),
  }),
  kc('csa upgrade: create (no last-applied)', { args: ['create', '-f', '-'], stdin: upgradeManifest('upgraded-created', 1, 'nginx:1.27') }),
  kc('csa upgrade: apply --server-side without last-applied: conflict', {
    args: ['apply', '--server-side', '-f', '-'],
    stdin: upgradeManifest('upgraded-created', 2, 'nginx:1.27'),
  }),
];

const configMapManifest = (value: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ssa
  namespace: ${ns}
data:
  key: "${value}"
`;

export const kubectlMoreSteps: Step[] = [
  kc('create namespace', { args: ['create', 'namespace', ns] }),
  createJson('configmap', ['configmap', 'cm1', '--from-literal=a=1', '--from-literal=b=two']),
  createJson('secret generic', ['secret', 'generic', 's1', '--from-literal=user=admin', '--type=Opaque']),
  createJson('secret docker-registry', ['secret', 'docker-registry', 'reg', '--docker-server=r.example.com', '--docker-username=u', '--docker-password=p']),
  createJson('serviceaccount', ['serviceaccount', 'sa1']),
  createJson('role', ['role', 'r1', '--verb=get,list', '--resource=pods,deployments.apps']),
  kc('create clusterrole -o json', { args: ['create', 'clusterrole', 'kc-cr', '--verb=get', '--resource=nodes', '-o', 'json'], json: true }),
  createJson('rolebinding', ['rolebinding', 'rb1', '--role=r1', '--user=jane', '--serviceaccount=oracle-kubectl:sa1']),
  kc('create clusterrolebinding -o json', {
    args: ['create', 'clusterrolebinding', 'kc-crb', '--clusterrole=kc-cr', '--group=readers', '-o', 'json'],
    json: true,
  }),
  createJson('deployment', ['deployment', 'd1', '--image=nginx:1.27', '--replicas=2', '--port=80']),
  createJson('job', ['job', 'j1', '--image=busybox:1.36', '--', 'echo', 'hi']),
  createJson('cronjob', ['cronjob', 'cj1', '--image=busybox:1.36', '--schedule=*/5 * * * *', '--', 'date']),
  createJson('job from a cronjob', ['job', 'j2', '--from=cronjob/cj1']),
  createJson('ingress', ['ingress', 'ing1', '--rule=foo.example.com/bar*=svc1:8080', '--class=nginx']),
  createJson('poddisruptionbudget', ['poddisruptionbudget', 'pdb1', '--selector=app=d1', '--min-available=1']),
  kc('create priorityclass -o json', { args: ['create', 'priorityclass', 'kc-pc', '--value=100', '--description=kubectl', '-o', 'json'], json: true }),
  createJson('quota', ['quota', 'q1', '--hard=pods=5,requests.cpu=2']),
  createJson('service clusterip', ['service', 'clusterip', 'svc1', '--tcp=80:8080']),
  createJson('service headless', ['service', 'clusterip', 'headless', '--clusterip=None', '--tcp=80:8080']),
  createJson('service nodeport', ['service', 'nodeport', 'np1', '--tcp=80:8080', '--node-port=30123']),
  createJson('service loadbalancer', ['service', 'loadbalancer', 'lb1', '--tcp=80:8080']),
  createJson('service externalname', ['service', 'externalname', 'ext1', '--external-name=example.com']),
  kc('create token', { args: ['create', 'token', 'sa1', ...n, '--duration=1h'] }),
  kc('create configmap that exists', { args: ['create', 'configmap', 'cm1', ...n] }),
  kc('create with an unknown generator flag', { args: ['create', 'deployment', 'x', ...n] }),
  kc('get deployments -o wide', { args: ['get', 'deployments', ...n, '-o', 'wide'] }),
  kc('get services -o wide', { args: ['get', 'services', ...n, '-o', 'wide'], collapseSpaces: true }),
  kc('get jobs,cronjobs -o wide', { args: ['get', 'jobs,cronjobs', ...n, '-o', 'wide'] }),
  kc('get ingress,pdb,quota', { args: ['get', 'ingress,pdb,quota', ...n] }),
  kc('get roles,rolebindings -o wide', { args: ['get', 'roles,rolebindings', ...n, '-o', 'wide'] }),
  kc('get serviceaccounts,secrets', { args: ['get', 'serviceaccounts,secrets', ...n] }),
  kc('get priorityclass kc-pc', { args: ['get', 'priorityclass', 'kc-pc'] }),
  kc('get configmap -o yaml', { args: ['get', 'configmap', 'cm1', ...n, '-o', 'yaml'] }),
  kc('get configmaps -o name', { args: ['get', 'configmaps', ...n, '-o', 'name'] }),
  kc('get -o jsonpath', { args: ['get', 'configmap', 'cm1', ...n, '-o', 'jsonpath={.data.a}{" "}{.metadata.name}'] }),
  kc('get -o jsonpath over a list', { args: ['get', 'services', ...n, '-o', 'jsonpath={range .items[*]}{.metadata.name}:{.spec.type}{"\\n"}{end}'] }),
  kc('get -o custom-columns', {
    args: ['get', 'deployments', ...n, '-o', 'custom-columns=NAME:.metadata.name,REPLICAS:.spec.replicas,IMAGE:.spec.template.spec.containers[0].image'],
  }),
  kc('get --show-labels', { args: ['get', 'deployments', ...n, '--show-labels'] }),
  kc('get -L', { args: ['get', 'jobs', ...n, '-L', 'job-name'] }),
  kc('get --sort-by', { args: ['get', 'configmaps', ...n, '--sort-by=.metadata.name'] }),
  kc('get all', { args: ['get', 'all', ...n], collapseSpaces: true }),
  kc('get -o json of a list', { args: ['get', 'secrets', ...n, '-o', 'json'], json: true }),
  kc('get with a field selector', { args: ['get', 'configmaps', ...n, '--field-selector=metadata.name=cm1'] }),
  kc('get --all-namespaces with a label selector', { args: ['get', 'deployments', '-A', '-l', 'app=d1'] }),
  kc('get --chunk-size=1', { args: ['get', 'services', ...n, '--chunk-size=1', '-o', 'name'] }),
  // kubectl describe prints a ConfigMap's data in Go map order: a one-key ConfigMap keeps the output stable.
  kc('create a one-key configmap', { args: ['create', 'configmap', 'cm-one', ...n, '--from-literal=only=1'] }),
  kc('describe configmap', { args: ['describe', 'configmap', 'cm-one', ...n] }),
  kc('describe secret', { args: ['describe', 'secret', 's1', ...n] }),
  kc('describe deployment', { args: ['describe', 'deployment', 'd1', ...n] }),
  kc('describe service', { args: ['describe', 'service', 'svc1', ...n], withoutEvents: true }),
  kc('describe job', { args: ['describe', 'job', 'j1', ...n] }),
  kc('describe cronjob', { args: ['describe', 'cronjob', 'cj1', ...n] }),
  kc('describe ingress', { args: ['describe', 'ingress', 'ing1', ...n] }),
  kc('describe pdb', { args: ['describe', 'pdb', 'pdb1', ...n] }),
  kc('describe quota', { args: ['describe', 'quota', 'q1', ...n] }),
  kc('describe role', { args: ['describe', 'role', 'r1', ...n] }),
  kc('describe rolebinding', { args: ['describe', 'rolebinding', 'rb1', ...n] }),
  kc('describe serviceaccount', { args: ['describe', 'serviceaccount', 'sa1', ...n] }),
  kc('describe namespace', { args: ['describe', 'namespace', ns] }),
  kc('describe priorityclass', { args: ['describe', 'priorityclass', 'kc-pc'] }),
  kc('describe a missing object', { args: ['describe', 'configmap', 'nope', ...n] }),
  kc('explain pods', { args: ['explain', 'pods'] }),
  kc('explain deployment.spec.strategy', { args: ['explain', 'deployment.spec.strategy'] }),
  kc('explain configmap --recursive', { args: ['explain', 'configmap', '--recursive'] }),
  kc('explain cronjob.spec', { args: ['explain', 'cronjob.spec'] }),
  kc('explain ingress.spec.rules', { args: ['explain', 'ingress.spec.rules'] }),
  kc('explain hpa --api-version=autoscaling/v1', { args: ['explain', 'hpa', '--api-version=autoscaling/v1'] }),
  kc('explain a missing field', { args: ['explain', 'pods.spec.nothing'] }),
  kc('label', { args: ['label', 'configmap', 'cm1', ...n, 'team=a'] }),
  kc('label an existing key without --overwrite', { args: ['label', 'configmap', 'cm1', ...n, 'team=b'] }),
  kc('label --overwrite', { args: ['label', 'configmap', 'cm1', ...n, 'team=b', '--overwrite'] }),
  kc('label remove', { args: ['label', 'configmap', 'cm1', ...n, 'team-'] }),
  kc('label --dry-run=server -o json', { args: ['label', 'configmap', 'cm1', ...n, 'dry=yes', '--dry-run=server', '-o', 'json'], json: true }),
  kc('label with an invalid value', { args: ['label', 'configmap', 'cm1', ...n, 'bad=not valid!'] }),
  kc('annotate', { args: ['annotate', 'configmap', 'cm1', ...n, 'note=hello'] }),
  kc('annotate --overwrite', { args: ['annotate', 'configmap', 'cm1', ...n, 'note=again', '--overwrite'] }),
  kc('annotate remove', { args: ['annotate', 'configmap', 'cm1', ...n, 'note-'] }),
  kc('annotate all by selector', { args: ['annotate', 'services', ...n, '--all', 'swept=yes'] }),
  kc('patch --type=strategic (containers merged by name)', {
    args: [
      'patch',
      'deployment',
      'd1',
      ...n,
      '--type=strategic',
      '-p',
      '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}',
      '-o',
      'json',
    ],
    json: true,
  }),
  kc('patch --type=merge', { args: ['patch', 'configmap', 'cm1', ...n, '--type=merge', '-p', '{"data":{"c":"3"}}', '-o', 'json'], json: true }),
  kc('patch --type=json', { args: ['patch', 'configmap', 'cm1', ...n, '--type=json', '-p', '[{"op":"remove","path":"/data/c"}]', '-o', 'json'], json: true }),
  kc('patch --type=json failing', { args: ['patch', 'configmap', 'cm1', ...n, '--type=json', '-p', '[{"op":"remove","path":"/data/zzz"}]'] }),
  kc('patch with no change', { args: ['patch', 'configmap', 'cm1', ...n, '--type=merge', '-p', '{"data":{"a":"1"}}'] }),
  kc('patch --subresource=status', {
    args: ['patch', 'job', 'j1', ...n, '--subresource=status', '--type=merge', '-p', '{"status":{"active":0}}', '-o', 'json'],
    json: true,
  }),
  kc('patch --subresource=scale', { args: ['patch', 'deployment', 'd1', ...n, '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":3}}'] }),
  kc('apply (client-side) creates', { args: ['apply', '-f', '-'], stdin: manifest('nginx:1.27') }),
  kc('apply (client-side) changes the image -o json', { args: ['apply', '-f', '-', '-o', 'json'], stdin: manifest('nginx:1.28'), json: true }),
  kc('apply --dry-run=server', { args: ['apply', '-f', '-', '--dry-run=server'], stdin: manifest('nginx:1.29') }),
  kc('diff with a change', { args: ['diff', '-f', '-'], stdin: manifest('nginx:1.29') }),
  kc('diff without a change', { args: ['diff', '-f', '-'], stdin: manifest('nginx:1.28') }),
  kc('diff --server-side', { args: ['diff', '--server-side', '-f', '-'], stdin: manifest('nginx:1.30') }),
  ...clientToServerSideApplySteps,
  kc('apply --server-side creates', { args: ['apply', '--server-side', '-f', '-', '-o', 'json'], stdin: configMapManifest('one'), json: true }),
  kc('apply --server-side by another manager: conflict', {
    args: ['apply', '--server-side', '--field-manager=intruder', '-f', '-'],
    stdin: configMapManifest('two'),
  }),
  kc('apply --server-side with an invalid object', {
    args: ['apply', '--server-side', '-f', '-'],
    stdin: configMapManifest('x').replace('name: ssa', 'name: Not_Valid'),
  }),
  kc('apply view-last-applied', { args: ['apply', 'view-last-applied', 'deployment/applied', ...n] }),
  kc('auth can-i get pods', { args: ['auth', 'can-i', 'get', 'pods', ...n] }),
  kc('auth can-i as jane', { args: ['auth', 'can-i', 'get', 'pods', ...n, '--as=jane'] }),
  kc('auth can-i as the rolebound user', { args: ['auth', 'can-i', 'list', 'deployments.apps', ...n, '--as=jane'] }),
  kc('auth can-i --list as jane', { args: ['auth', 'can-i', '--list', ...n, '--as=jane'] }),
  kc('auth can-i a non-resource URL', { args: ['auth', 'can-i', 'get', '/healthz'] }),
  kc('auth whoami', { args: ['auth', 'whoami'] }),
  kc('auth whoami as jane', { args: ['auth', 'whoami', '--as=jane', '--as-group=devs', '-o', 'json'], json: true }),
  kc('wait for a jsonpath value', { args: ['wait', '--for=jsonpath={.data.a}=1', 'configmap/cm1', ...n, '--timeout=5s'] }),
  kc('wait for a condition that never comes', { args: ['wait', '--for=condition=Complete', 'job/j1', ...n, '--timeout=1s'] }),
  kc('wait for create', { args: ['wait', '--for=create', 'configmap/cm1', ...n, '--timeout=5s'] }),
  kc('wait for delete of a missing object', { args: ['wait', '--for=delete', 'configmap/nope', ...n, '--timeout=2s'] }),
  kc('rollout pause', { args: ['rollout', 'pause', 'deployment/d1', ...n] }),
  kc('rollout pause again', { args: ['rollout', 'pause', 'deployment/d1', ...n] }),
  kc('rollout resume', { args: ['rollout', 'resume', 'deployment/d1', ...n] }),
  kc('rollout history', { args: ['rollout', 'history', 'deployment/d1', ...n] }),
  kc('rollout status of a paused-free deployment without a controller', { args: ['rollout', 'status', 'deployment/d1', ...n, '--timeout=1s'] }),
  kc('rollout undo without history', { args: ['rollout', 'undo', 'deployment/d1', ...n] }),
  kc('scale', { args: ['scale', 'deployment/d1', ...n, '--replicas=4'] }),
  kc('scale with a wrong --current-replicas', { args: ['scale', 'deployment/d1', ...n, '--replicas=5', '--current-replicas=1'] }),
  kc('set image', { args: ['set', 'image', 'deployment/d1', ...n, 'nginx=nginx:1.29'] }),
  kc('set env', { args: ['set', 'env', 'deployment/d1', ...n, 'MODE=prod'] }),
  kc('set resources', { args: ['set', 'resources', 'deployment/d1', ...n, '--limits=cpu=200m,memory=128Mi'] }),
  kc('set serviceaccount', { args: ['set', 'serviceaccount', 'deployment/d1', ...n, 'sa1'] }),
  kc('set selector', { args: ['set', 'selector', 'service/svc1', ...n, 'app=d1'] }),
  kc('get deployment -o json after the set verbs', { args: ['get', 'deployment', 'd1', ...n, '-o', 'json'], json: true }),
  kc('api-resources', { args: ['api-resources'], dropUnserved: true }),
  kc('api-resources -o wide', { args: ['api-resources', '-o', 'wide'], dropUnserved: true }),
  kc('api-resources --namespaced=false', { args: ['api-resources', '--namespaced=false', '-o', 'name'], dropUnserved: true }),
  kc('api-versions', { args: ['api-versions'], dropUnserved: true }),
  kc('delete --dry-run=server', { args: ['delete', 'configmap', 'cm1', ...n, '--dry-run=server'] }),
  kc('delete --cascade=orphan', { args: ['delete', 'deployment', 'd1', ...n, '--cascade=orphan', '--wait=false'] }),
  kc('delete --cascade=foreground', { args: ['delete', 'job', 'j1', ...n, '--cascade=foreground', '--wait=false'] }),
  kc('delete --cascade=background', { args: ['delete', 'cronjob', 'cj1', ...n, '--cascade=background'] }),
  kc('delete by label selector', { args: ['delete', 'deployments', ...n, '-l', 'app=applied'] }),
  kc('delete a missing object', { args: ['delete', 'configmap', 'nope', ...n] }),
  kc('delete --ignore-not-found', { args: ['delete', 'configmap', 'nope', ...n, '--ignore-not-found'] }),
  kc('delete --all services', { args: ['delete', 'services', '--all', ...n] }),
  kc('get after the deletes', { args: ['get', 'all', ...n] }),
];
