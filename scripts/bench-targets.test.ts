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

const defaults = (over: Record<string, unknown>) => ({
  dojos: 1000,
  namespaces: 1,
  converged: true,
  totalSeconds: { median: 14.2 },
  healthz: { p99Ms: { median: 31 } },
  pageApi: { samples: { median: 420 }, p99Ms: { median: 48 } },
  serverPeakRssMb: { median: 1200 },
  ...over,
});

describe("issue 36 targets: what a person feels with npm start's defaults", () => {
  it('meets the 1,000-Dojo targets when convergence, /healthz and the page API calls are within them', () => {
    const out = withTargets('convergence-defaults', defaults({}), headline);
    expect(out.reference).toBe('ref — targets met');
    expect(out.numbers.targets.map((t: { target: string }) => t.target)).toEqual([
      "1,000 Dojos in one namespace Available in ≤ 15 s (npm start's defaults)",
      '/healthz p99 ≤ 50 ms meanwhile (client-side)',
      "the Overview page's API calls p99 ≤ 50 ms meanwhile (client-side)",
    ]);
  });

  it("names a slow convergence and a client's p99 over 50 ms with their figures", () => {
    const out = withTargets('convergence-defaults', defaults({ totalSeconds: { median: 29.6 }, healthz: { p99Ms: { median: 172 } } }), headline);
    expect(out.reference).toBe(
      "ref — MISSED: 1,000 Dojos in one namespace Available in ≤ 15 s (npm start's defaults) (29.6); /healthz p99 ≤ 50 ms meanwhile (client-side) (172)",
    );
  });

  it('holds each bound inclusively: 15 s and 50 ms are met, a hair over is not', () => {
    const met = (over: Record<string, unknown>) =>
      withTargets('convergence-defaults', defaults(over), headline).numbers.targets.map((t: { met: boolean }) => t.met);
    expect(met({ totalSeconds: { median: 15 }, healthz: { p99Ms: { median: 50 } }, pageApi: { samples: { median: 420 }, p99Ms: { median: 50 } } })).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      met({ totalSeconds: { median: 15.01 }, healthz: { p99Ms: { median: 50.1 } }, pageApi: { samples: { median: 420 }, p99Ms: { median: 50.1 } } }),
    ).toEqual([false, false, false]);
  });

  it('counts page API calls never made (--page-ms 0) as not reached, not as a 0 ms p99', () => {
    const out = withTargets('convergence-defaults', defaults({ pageApi: { samples: { median: 0 }, p99Ms: { median: 0 } } }), headline);
    expect(out.reference).toBe("ref — MISSED: the Overview page's API calls p99 ≤ 50 ms meanwhile (client-side) (not reached)");
  });

  it('counts a 1,000-Dojo run that did not converge as missed, however short it was', () => {
    const out = withTargets('convergence-defaults', defaults({ converged: false, totalSeconds: { median: 10 } }), headline);
    expect(out.reference).toContain("Available in ≤ 15 s (npm start's defaults) (not reached)");
  });

  it('checks 10,000 Dojos over 10 namespaces against 150 s and 2,000 MB', () => {
    const ten = (over: Record<string, unknown>) =>
      defaults({ dojos: 10000, namespaces: 10, totalSeconds: { median: 148 }, serverPeakRssMb: { median: 1990 }, ...over });
    expect(withTargets('convergence-defaults-10k', ten({}), headline).reference).toBe('ref — targets met');
    expect(withTargets('convergence-defaults-10k', ten({ totalSeconds: { median: 248 }, serverPeakRssMb: { median: 2485 } }), headline).reference).toBe(
      "ref — MISSED: 10,000 Dojos over 10 namespaces Available in ≤ 150 s (npm start's defaults) (248); peak RSS ≤ 2,000 MB (2485)",
    );
    const stalled = withTargets('convergence-defaults-10k', ten({ converged: false, serverPeakRssMb: { median: 1317 } }), headline);
    expect(stalled.numbers.targets.map((t: { met: boolean }) => t.met)).toEqual([false, false]);
  });
});
