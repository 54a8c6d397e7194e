import { describe, expect, it } from 'vitest';
import { withTargets } from './bench-targets.mjs';

const headline = { result: 'r', reference: 'ref', numbers: { a: 1 } };
const convergence = (over: Record<string, unknown>) => ({
  dojos: 1000,
  converged: true,
  totalSeconds: { median: 19.6 },
  serverEventLoopDelayP99Ms: { median: 44 },
  pageLoadMaxMs: { median: 284 },
  serverPeakRssMb: { median: 900 },
  ...over,
});

describe('issue 17 targets beside the benchmark headlines', () => {
  it('says the targets are met when every figure is within its target', () => {
    const out = withTargets('convergence', convergence({}), headline);
    expect(out.reference).toBe('ref — targets met');
    expect(out.numbers.targets.map((t: { met: boolean }) => t.met)).toEqual([true, true, true]);
    expect(out.numbers.a).toBe(1);
  });

  it('names each missed target with its figure', () => {
    const out = withTargets('convergence-10k', convergence({ dojos: 10000, totalSeconds: { median: 254 }, serverPeakRssMb: { median: 3668 } }), headline);
    expect(out.reference).toBe('ref — MISSED: 10,000 Dojos Available in ≤ 200 s (254); peak RSS ≤ 2,500 MB (3668)');
  });

  it('counts a convergence that did not finish, or a page load never measured, as missed', () => {
    const out = withTargets('convergence', convergence({ converged: false, pageLoadMaxMs: undefined }), headline);
    expect(out.reference).toContain('1,000 Dojos in one namespace Available in ≤ 20 s (not reached)');
    expect(out.reference).toContain('a UI page loads in < 1 s meanwhile (not reached)');
  });

  it('checks the API server and fan-out ratios against their thresholds', () => {
    const api = withTargets('apiserver', { creates: { ratioToReference: 0.41 }, list10000: { medianMs: 53 }, watch: { afterCommitP99Ms: 0.93 } }, headline);
    expect(api.reference).toBe('ref — targets met');
    const slow = withTargets('apiserver', { creates: { ratioToReference: 0.2 }, watch: { afterCommitP99Ms: 12 } }, headline);
    expect(slow.numbers.targets.filter((t: { met: boolean }) => !t.met)).toHaveLength(3);
    expect(withTargets('fanout', { ratio: { deliveryP99ToReference: 2.1 } }, headline).reference).toContain(
      'MISSED: delivery p99 ≤ 2× the bare ws broadcaster (2.1)',
    );
  });

  it("checks each operator's convergence against kube-apiserver's and the bare embedded server's in the same run", () => {
    const convergence = {
      'kube-rs-configmap-generator': { embeddedToKube: 0.9, consoleToEmbedded: 1.05 },
      'sample-controller': { embeddedToKube: 1.2, consoleToEmbedded: null },
    };
    const out = withTargets('against-kube', { convergence }, headline);
    expect(out.numbers.targets.map((t: { met: boolean }) => t.met)).toEqual([true, true, false, false]);
    expect(out.reference).toBe(
      'ref — MISSED: sample-controller: embedded ≤ 1.0× kube-apiserver (1.2); sample-controller: console ≤ 1.1× embedded (not reached)',
    );
  });

  it('leaves benchmarks without targets, and failed ones, as they are', () => {
    expect(withTargets('workqueue', {}, headline)).toBe(headline);
    expect(withTargets('apiserver', {}, undefined)).toBeUndefined();
  });
});
