/**
 * The against-kube benchmark's operator run, for real and small: kube-rs' ConfigMap generator
 * (built by the toolchain cache, as the real-operator suite builds it) reconciling a few objects
 * on the bare embedded API server. Skipped, saying so, without cargo.
 */
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFromKubeconfig } from './api-client.ts';
import { externalOperators } from './external-operators.ts';
import { kubeTargets, type KubeTarget } from './kube-targets.ts';
import { measureOperatorConvergence } from './operator-convergence.ts';

const cargo = requireToolchain('cargo', 'against-kube: kube-rs');
const kubeRs = externalOperators['kube-rs']!;
let target: KubeTarget;
let binary: string;

beforeAll(async () => {
  if (!cargo) return;
  binary = await kubeRs.build();
  target = await kubeTargets.embedded({});
}, 45 * 60_000);

afterAll(async () => {
  await target?.stop();
});

describe.skipIf(!cargo)('an external operator reconciling N objects on one target', () => {
  it('stops the clock once every object has its ConfigMap and its status, and says what the server spent meanwhile', async () => {
    const run = await measureOperatorConvergence(target, kubeRs, binary, 20, 120_000);
    expect(run).toMatchObject({ target: 'embedded', operator: 'kube-rs', objects: 20, converged: true, reconciledAtEnd: 20 });
    expect(run.seconds).toBeGreaterThan(0);
    expect(run.seconds).toBeGreaterThanOrEqual(run.milestones['90%']!);
    expect(run.targetCpuSeconds).toBeGreaterThan(0);
    // The objects and their children are really there: read back from the server itself.
    const client = apiClientFromKubeconfig(target.kubeconfigPath);
    const configMaps = JSON.parse(
      (await client.send('GET', '/api/v1/namespaces/bench-kube-rs/configmaps?labelSelector=app.kubernetes.io%2Fmanaged-by%3Drust-configmap-generator')).body,
    );
    client.close();
    expect(configMaps.items).toHaveLength(21);
  }, 180_000);
});
