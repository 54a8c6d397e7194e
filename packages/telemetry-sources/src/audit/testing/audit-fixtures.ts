/**
 * Audit events in the shape kube-apiserver v1.30 writes them (audit.k8s.io/v1, one per line in
 * a log file), written by hand after k8s.io/apiserver/pkg/apis/audit/v1/types.go.
 */
import type { AuditEvent } from '../audit-event.ts';
import { auditEventProblem, type AuditRefusal } from '../audit-event-check.ts';
import type { AuditSink } from '../audit-feed.ts';

const operator = { username: 'system:serviceaccount:dojo-system:dojo-operator', uid: '5b1c', groups: ['system:serviceaccounts', 'system:authenticated'] };
const operatorAgent = 'manager/v0.0.0 (linux/amd64) kubernetes/$Format';

let counter = 0;

/** A `ResponseComplete` event of the operator patching a Dojo's status at Metadata level, with overrides. */
export function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  counter += 1;
  return {
    kind: 'Event',
    apiVersion: 'audit.k8s.io/v1',
    level: 'Metadata',
    auditID: `3f6c1a52-1b0e-4d7e-9a3c-${String(counter).padStart(12, '0')}`,
    stage: 'ResponseComplete',
    requestURI: '/apis/dojo.example.com/v1/namespaces/default/dojos/tokyo/status?fieldManager=dojo-operator',
    verb: 'patch',
    user: operator,
    sourceIPs: ['10.244.0.7'],
    userAgent: operatorAgent,
    objectRef: { resource: 'dojos', namespace: 'default', name: 'tokyo', apiGroup: 'dojo.example.com', apiVersion: 'v1', subresource: 'status' },
    responseStatus: { metadata: {}, code: 200 } as AuditEvent['responseStatus'],
    requestReceivedTimestamp: '2026-11-24T14:00:00.120000Z',
    stageTimestamp: '2026-11-24T14:00:00.134500Z',
    annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': 'RBAC: allowed by ClusterRoleBinding "dojo-operator"' },
    ...overrides,
  };
}

/** The operator's status patch at RequestResponse level: the patch it sent and the object written. */
export function statusPatchEvent(stamp: string, rv: string, time = '2026-11-24T14:00:00.120000Z'): AuditEvent {
  return auditEvent({
    level: 'RequestResponse',
    requestReceivedTimestamp: time,
    stageTimestamp: time,
    requestObject: { status: { lastSyncTime: stamp, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: stamp }] } },
    responseObject: {
      kind: 'Dojo',
      apiVersion: 'dojo.example.com/v1',
      metadata: {
        name: 'tokyo',
        namespace: 'default',
        uid: '0d7e5c1e-8a11-4f7b-a0a5-3d7c2b6e9f10',
        resourceVersion: rv,
        generation: 3,
        ownerReferences: [{ apiVersion: 'dojo.example.com/v1', kind: 'School', name: 'japan', uid: 'a1', controller: true, blockOwnerDeletion: true }],
      },
      spec: { students: 3 },
      status: { lastSyncTime: stamp, conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: stamp }] },
    },
  });
}

/** A sink that keeps the events it takes, refusing what AuditFeed would refuse (audit-event-check.ts). */
export function keepingSink(kept: AuditEvent[]): AuditSink {
  return {
    ingest: (items) => {
      const refused: AuditRefusal[] = [];
      items.forEach((item, index) => {
        const reason = auditEventProblem(item, { now: Date.now() });
        if (reason) refused.push({ index, reason });
        else kept.push(item as AuditEvent);
      });
      return Promise.resolve({ refused });
    },
  };
}
