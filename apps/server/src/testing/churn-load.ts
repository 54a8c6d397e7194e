/**
 * Steady writes through the console for a fault test: Dojos created, scaled, retitled and
 * deleted (so the operator and the simulated control plane write Deployments, Pods and status
 * behind them), and ConfigMaps created, patched and deleted. Seeded, so a failing run can be
 * replayed with the same sequence of operations.
 */
import { seededRandom } from '@dojo/simulator-kit';
import type { ConsoleHarness } from './console-harness.ts';
import { dojoManifest } from './fault-manifests.ts';

export interface ChurnCounts {
  /** Writes the API server acknowledged (2xx). */
  acknowledged: number;
  /** Writes refused as the churn expects (404 on a deleted name, 409 on a taken one). */
  refused: number;
}

const dojos = '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos';
const configMaps = '/api/kube/api/v1/namespaces/default/configmaps';
const mergePatch = { 'content-type': 'application/merge-patch+json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs Dojo and ConfigMap writers side by side until `signal` aborts. */
export async function churn(
  c: ConsoleHarness,
  options: { seed: number; signal: AbortSignal; dojoNames: string[]; configMapNames: string[] },
): Promise<ChurnCounts> {
  const counts: ChurnCounts = { acknowledged: 0, refused: 0 };
  const rand = seededRandom(options.seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const tally = async (write: Promise<{ status: number; body: unknown }>): Promise<void> => {
    const res = await write;
    if (res.status >= 200 && res.status < 300) counts.acknowledged++;
    else if (res.status === 404 || res.status === 409) counts.refused++;
    else throw new Error(`unexpected ${res.status} from a churn write: ${JSON.stringify(res.body)}`);
  };

  const dojoWriter = async (): Promise<void> => {
    while (!options.signal.aborted) {
      const name = pick(options.dojoNames);
      const roll = rand();
      if (roll < 0.45) await tally(c.http('POST', dojos, { body: dojoManifest(name) }));
      else if (roll < 0.9) {
        const spec = { replicas: 1 + Math.floor(rand() * 2), title: `Dojo ${name} #${Math.floor(rand() * 1000)}` };
        await tally(c.http('PATCH', `${dojos}/${name}`, { body: { spec }, headers: mergePatch }));
      } else await tally(c.http('DELETE', `${dojos}/${name}`));
      await sleep(150);
    }
  };

  const configMapWriter = async (): Promise<void> => {
    for (let i = 0; !options.signal.aborted; i++) {
      const name = pick(options.configMapNames);
      const roll = rand();
      if (roll < 0.4) await tally(c.http('POST', configMaps, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { i: String(i) } } }));
      else if (roll < 0.8) await tally(c.http('PATCH', `${configMaps}/${name}`, { body: { data: { i: String(i) } }, headers: mergePatch }));
      else await tally(c.http('DELETE', `${configMaps}/${name}`));
      await sleep(40);
    }
  };

  await Promise.all([dojoWriter(), configMapWriter()]);
  return counts;
}
