/**
 * Admitted writes as the request log answers them, for the admission feature's tests: a create
 * of the Dojo default/web that one validating webhook allowed, with whatever a test changes.
 */
import type { AdmissionRecord } from '@dojo/console-protocol';
import type { AdmittedWrite } from '../model/object-admission.ts';

export const webDojo = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'u-1' };

export function webhookRecord(verdict: AdmissionRecord['verdict'], more: Partial<AdmissionRecord> = {}): AdmissionRecord {
  return { kind: 'ValidatingWebhookConfiguration', name: 'v.example.com', configuration: 'v', phase: 'validating', verdict, latencyMs: 3, ...more };
}

/** The create at `seq` (its time: seq seconds after 2026-11-28T17:00Z), allowed by one webhook unless `more` says otherwise. */
export function admittedWrite(seq: number, more: Partial<AdmittedWrite> = {}): AdmittedWrite {
  return {
    type: 'request',
    seq,
    time: Date.UTC(2026, 10, 28, 17, 0, 0) + seq * 1000,
    user: 'admin',
    verb: 'create',
    group: 'core.jutsu.com',
    version: 'v1',
    resource: 'dojos',
    kind: 'Dojo',
    namespace: 'default',
    name: 'web',
    uid: 'u-1',
    code: 201,
    latencyMs: 12,
    admission: [webhookRecord('allowed')],
    ...more,
  };
}
