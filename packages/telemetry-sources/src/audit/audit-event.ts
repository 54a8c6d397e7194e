/**
 * The part of kube-apiserver's `audit.k8s.io/v1` Event that the console reads, as the API server
 * writes it to an audit log (one Event per line) or posts it to a webhook backend (an EventList).
 * Upstream: k8s.io/apiserver/pkg/apis/audit/v1/types.go. Every field but the first few is
 * optional: the audit policy's level decides what is there (Metadata: no request/response
 * objects; Request: requestObject; RequestResponse: both).
 */
export type AuditStage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

export type AuditLevel = 'None' | 'Metadata' | 'Request' | 'RequestResponse';

export interface AuditObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

export interface AuditEvent {
  kind?: 'Event' | undefined;
  apiVersion?: 'audit.k8s.io/v1' | undefined;
  level?: AuditLevel | undefined;
  auditID: string;
  stage: AuditStage;
  requestURI: string;
  verb: string;
  user: { username?: string; uid?: string; groups?: string[] };
  impersonatedUser?: { username?: string } | undefined;
  sourceIPs?: string[] | undefined;
  userAgent?: string | undefined;
  objectRef?: AuditObjectReference | undefined;
  responseStatus?: { code?: number; status?: string; reason?: string; message?: string } | undefined;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string> | undefined;
}

export interface AuditEventList {
  kind: 'EventList';
  apiVersion: 'audit.k8s.io/v1';
  items: AuditEvent[];
}
