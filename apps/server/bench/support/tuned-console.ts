/**
 * `node --import tsx apps/server/bench/support/tuned-console.ts <data-dir> [<sim-options-json>] [thread|in-process]`:
 * the whole console (`runUp`, as `dojo-console up` runs it, heap settings included) with the simulated cluster's options
 * set, which the CLI has no flags for (pod delays), and where its API server runs (UpTuning.apiserver). Prints one line `tuned-console <json>` with
 * the console URL, its token, the kubeconfig and the OTLP receiver's address and token, then runs until killed.
 * Every operator runs, as with `dojo-console up`'s defaults, and the trace receiver is on (idle unless sent to).
 */
import { operatorNames } from '@dojo/operator';
import { limitHeapGrowth } from '../../src/heap-growth.ts';
import { runUp } from '../../src/up.ts';
import { addMemorySource, addSnapshotSource } from './process-probe.ts';

// As the CLI starts it: the heap's growth between full collections limited (src/heap-growth.ts).
limitHeapGrowth();
const [dataDir, simJson, apiserver] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tuned-console.ts <data-dir> [<sim-options-json>]');
const running = await runUp(
  {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    apiserverPort: 0,
    installCrds: false,
    inCluster: false,
    leaderElect: false,
    operators: [...operatorNames],
    allowSecretData: false,
    otlpReceiver: true,
  },
  { sim: simJson ? JSON.parse(simJson) : {}, ...(apiserver === 'in-process' || apiserver === 'thread' ? { apiserver } : {}) },
);
const { apiserver: server } = running;
if (server?.mode === 'thread') {
  addMemorySource(async () => {
    const { heapUsed, heapPhysical, newSpace, external, arrayBuffers } = await server.memory();
    return {
      apiserverHeapUsed: heapUsed,
      apiserverHeapPhysical: heapPhysical,
      apiserverNewSpace: newSpace,
      apiserverExternal: external,
      apiserverArrayBuffers: arrayBuffers,
    };
  });
  addSnapshotSource((dir) => server.writeHeapSnapshot(dir));
}
const otlp = running.traces ? { endpoint: running.traces.endpoint, token: running.traces.token } : undefined;
process.stdout.write(
  `tuned-console ${JSON.stringify({ base: running.console.url.replace(/\/$/, ''), token: running.token, kubeconfigPath: running.kubeconfigPath, otlp })}\n`,
);
