// The package dependency direction from DESIGN.md, enforced: a wrong import fails `npm test`.
//   kube-api <- console-protocol;  kube-api, console-protocol (its types) <- apiserver;  kube-api, console-protocol <- runtime <- cluster-sim, operator;
//   kube-api, console-protocol <- history;  kube-api, console-protocol <- activity (pure: no node: builtins);  kube-api, console-protocol, activity, runtime, apiserver <- telemetry-sources (OTLP, scrape, audit inputs);  kube-api, console-protocol, activity, history, runtime, apiserver <- live-feeds (the journal, telemetry and versions fed into activity and history);  kube-api, console-protocol, runtime, telemetry-sources <- otlp-export (reconciles out as OTLP traces);  discord <- operator;  http-edge <- discord, operator (their simulators' listeners);  apps/server wires them all;  apps/web depends only on kube-api and console-protocol;
//   the console's features: explain (runtime, activity), console-live (runtime, apiserver), client-controls (apiserver, activity), recording (those and history, explain, console-live);
//   http-edge <- simulator-kit (seeded random, fault knobs, simulator listener) <- discord, operator, apiserver (seeded random);
//   nobody imports apps/*.
const allowed = {
  'packages/kube-api': [],
  'packages/console-protocol': ['packages/kube-api'],
  'packages/apiserver': ['packages/kube-api', 'packages/console-protocol', 'packages/simulator-kit'],
  'packages/runtime': ['packages/kube-api', 'packages/console-protocol'],
  'packages/cluster-sim': ['packages/kube-api', 'packages/runtime'],
  'packages/history': ['packages/kube-api', 'packages/console-protocol'],
  'packages/activity': ['packages/kube-api', 'packages/console-protocol'],
  'packages/live-feeds': ['packages/kube-api', 'packages/console-protocol', 'packages/activity', 'packages/history', 'packages/runtime', 'packages/apiserver'],
  'packages/otlp-export': ['packages/kube-api', 'packages/console-protocol', 'packages/runtime', 'packages/telemetry-sources'],
  'packages/telemetry-sources': ['packages/kube-api', 'packages/console-protocol', 'packages/activity', 'packages/runtime', 'packages/apiserver'],
  'packages/explain': ['packages/kube-api', 'packages/console-protocol', 'packages/runtime', 'packages/activity'],
  'packages/http-edge': [],
  'packages/simulator-kit': ['packages/http-edge'],
  'packages/toolchains': [],
  'packages/envtest': [],
  'packages/discord': ['packages/http-edge', 'packages/simulator-kit'],
  'packages/operator': ['packages/kube-api', 'packages/runtime', 'packages/discord', 'packages/http-edge', 'packages/simulator-kit'],
  'packages/console-live': ['packages/kube-api', 'packages/console-protocol', 'packages/runtime', 'packages/apiserver'],
  'packages/recording': [
    'packages/kube-api',
    'packages/console-protocol',
    'packages/apiserver',
    'packages/runtime',
    'packages/history',
    'packages/activity',
    'packages/explain',
    'packages/console-live',
    'packages/telemetry-sources',
  ],
  'packages/client-controls': ['packages/kube-api', 'packages/console-protocol', 'packages/apiserver', 'packages/activity'],
  'apps/web': ['packages/kube-api', 'packages/console-protocol'],
};

const workspaces = [
  'packages/kube-api',
  'packages/http-edge',
  'packages/simulator-kit',
  'packages/toolchains',
  'packages/console-protocol',
  'packages/apiserver',
  'packages/envtest',
  'packages/runtime',
  'packages/history',
  'packages/activity',
  'packages/telemetry-sources',
  'packages/live-feeds',
  'packages/otlp-export',
  'packages/explain',
  'packages/console-live',
  'packages/recording',
  'packages/client-controls',
  'packages/cluster-sim',
  'packages/discord',
  'packages/operator',
  'apps/server',
  'apps/web',
];

const directionRules = Object.entries(allowed).map(([from, targets]) => {
  // packages/toolchains and packages/envtest are for tests only, from any package: their own rules below say who may import them.
  const forbidden = workspaces.filter((w) => w !== from && w !== 'packages/toolchains' && w !== 'packages/envtest' && !targets.includes(w));
  return {
    name: `direction:${from}`,
    comment: `${from} may import only ${targets.length ? targets.join(', ') : 'no other workspace package'} (DESIGN.md)`,
    severity: 'error',
    from: { path: `^${from}/` },
    to: { path: `^(${forbidden.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    ...directionRules,
    {
      name: 'kube-api-has-no-runtime-dependencies',
      comment: 'kube-api is pure types and functions: no npm dependencies (node: builtins excluded too, it runs in the browser).',
      severity: 'error',
      from: { path: '^packages/kube-api/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown', 'core'] },
    },
    {
      name: 'console-protocol-is-types-only',
      comment:
        'console-protocol holds the wire types shared by server, runtime and browser: no npm dependencies, no node: builtins, and nothing but type imports.',
      severity: 'error',
      from: { path: '^packages/console-protocol/src/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown', 'core'] },
    },
    {
      name: 'console-protocol-imports-types-only',
      comment: 'console-protocol is erased at build time: it imports and exports types, never a value.',
      severity: 'error',
      from: { path: '^packages/console-protocol/src/' },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'activity-is-pure',
      comment: 'activity is pure inference over records: no node: builtins, no I/O (time comes from an injected clock).',
      severity: 'error',
      from: { path: '^packages/activity/src/', pathNot: '\\.test\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'toolchains-only-in-tests',
      comment: "packages/toolchains builds other languages' programs for tests, scripts and benchmarks; product code never builds anything.",
      severity: 'error',
      from: { path: '^(packages|apps)/', pathNot: '(\\.test\\.tsx?$|/testing/|^apps/server/bench/|^packages/toolchains/)' },
      to: { path: '^packages/toolchains/' },
    },
    {
      name: 'envtest-only-in-tests',
      comment: "packages/envtest starts a real API server for a test (controller-runtime's envtest); product code never starts one that way.",
      severity: 'error',
      from: { path: '^(packages|apps)/', pathNot: '(\\.test\\.tsx?$|/testing/|^(packages/[^/]+|apps/server)/bench/|^packages/envtest/)' },
      to: { path: '^packages/envtest/' },
    },
    {
      name: 'runtime-never-imports-apiserver',
      severity: 'error',
      from: { path: '^packages/runtime/' },
      to: { path: '^packages/apiserver/' },
      comment: 'runtime talks to any API server over HTTP; it never imports the embedded one (tests included).',
    },
    {
      name: 'no-circular',
      // Every cycle, dynamic imports included: the web's page table is split so that pages link
      // through app/paths.ts and only the shell imports app/pages.ts, which loads them.
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
