/** Requests for the admission-kind tests: paths, sample webhooks and policies, a 422's causes, a Table's cells. */
import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

export const group = '/apis/admissionregistration.k8s.io/v1';
export const vwcs = `${group}/validatingwebhookconfigurations`;
export const mwcs = `${group}/mutatingwebhookconfigurations`;
export const vaps = `${group}/validatingadmissionpolicies`;
export const vapbs = `${group}/validatingadmissionpolicybindings`;
export const maps = `${group}/mutatingadmissionpolicies`;
export const mapbs = `${group}/mutatingadmissionpolicybindings`;
export const merge = { 'content-type': 'application/merge-patch+json' };
export const protobuf = 'application/vnd.kubernetes.protobuf';
export const apiVersion = 'admissionregistration.k8s.io/v1';

export const webhook = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  clientConfig: { url: 'https://127.0.0.1:9443/validate' },
  ...extra,
});
export const podRule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
export const policy = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion,
  kind: 'ValidatingAdmissionPolicy',
  metadata: { name },
  spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'object.metadata.name != "forbidden"' }], ...spec },
});

/** The 422's causes as "field: message". */
export async function causesOf(res: Promise<{ status: number; body: any }>): Promise<string[]> {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(422);
  return body.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`);
}

const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

/** A Table's rows without the Age cell, which moves with the clock. */
export const cellsOf = async (server: TestServer, path: string): Promise<unknown[][]> =>
  (await server.call('GET', path, undefined, table)).body.rows.map((r: { cells: unknown[] }) => r.cells.slice(0, -1));
export const columnsOf = async (server: TestServer, path: string): Promise<string[]> =>
  (await server.call('GET', path, undefined, table)).body.columnDefinitions.map((c: { name: string }) => c.name);
