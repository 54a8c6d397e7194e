import type { AdmissionPatchOperation, AdmissionRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { withSecretValuesRedacted } from './secret-patch-redaction.ts';

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';
const applied = JSON.stringify({ apiVersion: 'v1', kind: 'Secret', data: { token: 'czNjcjN0' } });

function patched(...patch: AdmissionPatchOperation[]): readonly AdmissionPatchOperation[] | undefined {
  const record: AdmissionRecord = {
    kind: 'MutatingWebhookConfiguration',
    name: 'm',
    configuration: 'm',
    phase: 'mutating',
    verdict: 'mutated',
    latencyMs: 1,
    patch,
  };
  return withSecretValuesRedacted(record).patch;
}

describe('a patch applied to a Secret, as the journal keeps it', () => {
  it('redacts values under data and stringData, and the whole object', () => {
    expect(
      patched(
        { op: 'add', path: '/data/token', value: 'czNjcjN0' },
        { op: 'replace', path: '/stringData', value: { a: 'b' } },
        { op: 'replace', path: '', value: {} },
      ),
    ).toEqual([
      { op: 'add', path: '/data/token', value: '<redacted>' },
      { op: 'replace', path: '/stringData', value: '<redacted>' },
      { op: 'replace', path: '', value: '<redacted>' },
    ]);
  });

  it("redacts kubectl's last-applied-configuration annotation, which holds the whole Secret under kubectl apply", () => {
    expect(patched({ op: 'add', path: '/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration', value: applied })).toEqual([
      { op: 'add', path: '/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration', value: '<redacted>' },
    ]);
  });

  it('redacts that annotation inside a value set at the annotations or the metadata, and keeps the rest', () => {
    expect(
      patched(
        { op: 'add', path: '/metadata/annotations', value: { [lastApplied]: applied, team: 'a' } },
        { op: 'replace', path: '/metadata', value: { name: 's', annotations: { [lastApplied]: applied } } },
      ),
    ).toEqual([
      { op: 'add', path: '/metadata/annotations', value: { [lastApplied]: '<redacted>', team: 'a' } },
      { op: 'replace', path: '/metadata', value: { name: 's', annotations: { [lastApplied]: '<redacted>' } } },
    ]);
  });

  it('keeps values that cannot hold the data', () => {
    const labels: AdmissionPatchOperation = { op: 'add', path: '/metadata/labels', value: { patched: 'yes' } };
    expect(patched(labels, { op: 'add', path: '/metadata/annotations', value: { team: 'a' } })).toEqual([
      labels,
      { op: 'add', path: '/metadata/annotations', value: { team: 'a' } },
    ]);
  });
});
