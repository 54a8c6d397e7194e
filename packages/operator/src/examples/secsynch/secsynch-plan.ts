/**
 * What one SecSynch reconcile does, decided from the SecSynch and what the caches show: at most
 * ONE write, chosen in this order. Its watch event brings the next pass.
 *
 *   being deleted  -> delete one copy; once none is left, remove the finalizer
 *   no finalizer   -> add it, before any copy exists, so that no copy can outlive the SecSynch
 *   each destination, in spec order -> create the copy, update its data, or replace it when
 *                     its type differs (a Secret's type is immutable)
 *   a copy in a namespace no longer listed (or under an old secretName) -> delete it
 *   status         -> syncedNamespaces, lastSyncTime, Ready and Degraded
 *
 * A Secret without this SecSynch's label is never written or deleted: it is a conflict in the
 * status. Nothing waits for a missing source or namespace: their watch events bring the
 * SecSynch back. Pure, so tested without a cluster.
 */
import { jsonEqual } from '@dojo/kube-api';
import type { KubeObject } from '@dojo/kube-api';
import { canLabelCopies, copyLabel, copyLabelValue, desiredCopy, isCopyOf, mustReplace, updatedCopy, type Secret } from './secret-copy.ts';
import type { SecSynch, SecSynchStatus } from './secsynch.ts';
import { desiredSecSynchStatus, type Problem } from './secsynch-status.ts';

/** Held by every SecSynch until the copies it made are deleted. */
export const secretCopiesFinalizer = 'tutorial.study.dev/secret-copies';

export type NamespacePhase = 'Active' | 'Terminating' | 'Missing';

/** A namespace being deleted takes its Secrets with it and admits no new ones. */
export function namespacePhase(namespace: KubeObject | undefined): NamespacePhase {
  if (!namespace) return 'Missing';
  const phase = (namespace.status as { phase?: string } | undefined)?.phase;
  return namespace.metadata.deletionTimestamp || phase === 'Terminating' ? 'Terminating' : 'Active';
}

export interface DestinationObservation {
  namespace: string;
  phase: NamespacePhase;
  /** The Secret named spec.secretName in that namespace, whoever made it. */
  secret?: Secret;
}

export interface SecSynchObservation {
  source?: Secret;
  /** One per spec.destinationNamespaces entry, in spec order. */
  destinations: DestinationObservation[];
  /** Every Secret labelled as this SecSynch's copy, wherever it is. */
  copies: Secret[];
}

export type SecSynchAction =
  | { type: 'addFinalizer' }
  | { type: 'removeFinalizer' }
  | { type: 'create'; copy: Secret }
  | { type: 'update'; copy: Secret }
  | { type: 'delete'; copy: Secret; why: string }
  | { type: 'status'; status: SecSynchStatus }
  | { type: 'none' };

export function planSecSynch(secSynch: SecSynch, observed: SecSynchObservation, now: number): SecSynchAction {
  const holdsFinalizer = secSynch.metadata.finalizers?.includes(secretCopiesFinalizer) ?? false;
  if (secSynch.metadata.deletionTimestamp) {
    if (!holdsFinalizer) return { type: 'none' };
    const [copy] = observed.copies;
    return copy ? { type: 'delete', copy, why: 'its SecSynch is being deleted' } : { type: 'removeFinalizer' };
  }
  if (!holdsFinalizer) return { type: 'addFinalizer' };

  const { source } = observed;
  const problems: Problem[] = [];
  const synced: Secret[] = [];
  if (!canLabelCopies(secSynch)) problems.push(nameTooLong(secSynch));
  else if (!source) problems.push(sourceNotFound(secSynch));
  else {
    const blocked: Record<'missing' | 'terminating' | 'taken', string[]> = { missing: [], terminating: [], taken: [] };
    for (const destination of observed.destinations) {
      const step = syncDestination(secSynch, source, destination, now);
      if (step.action) return step.action;
      if (step.synced) synced.push(step.synced);
      if (step.blocked) blocked[step.blocked].push(destination.namespace);
    }
    problems.push(...destinationProblems(secSynch, blocked));
  }

  const stale = observed.copies.find((copy) => !wanted(secSynch, copy));
  if (stale)
    return {
      type: 'delete',
      copy: stale,
      why: `${stale.metadata.namespace} is no longer a destination of ${secSynch.spec.sourceNamespace}/${secSynch.spec.secretName}`,
    };

  const status = desiredSecSynchStatus(secSynch, synced, problems, now);
  return jsonEqual(status, secSynch.status ?? {}) ? { type: 'none' } : { type: 'status', status };
}

interface DestinationStep {
  action?: SecSynchAction;
  synced?: Secret;
  blocked?: 'missing' | 'terminating' | 'taken';
}

function syncDestination(secSynch: SecSynch, source: Secret, destination: DestinationObservation, now: number): DestinationStep {
  const { namespace, phase, secret } = destination;
  if (phase === 'Missing') return { blocked: 'missing' };
  if (phase === 'Terminating') return { blocked: 'terminating' };
  if (!secret) return { action: { type: 'create', copy: desiredCopy(secSynch, source, namespace, now) } };
  if (!isCopyOf(secret, secSynch)) return { blocked: 'taken' };
  if (mustReplace(secret, source))
    return { action: { type: 'delete', copy: secret, why: `its type or immutability differs from the source's, which cannot be updated` } };
  const fix = updatedCopy(secret, source, now);
  return fix ? { action: { type: 'update', copy: fix } } : { synced: secret };
}

/** A copy stays while its namespace is a destination and its name is the secretName. */
function wanted(secSynch: SecSynch, copy: KubeObject): boolean {
  return copy.metadata.name === secSynch.spec.secretName && secSynch.spec.destinationNamespaces.includes(copy.metadata.namespace ?? '');
}

function destinationProblems(secSynch: SecSynch, blocked: Record<'missing' | 'terminating' | 'taken', string[]>): Problem[] {
  const name = secSynch.spec.secretName;
  const problems: Problem[] = [];
  if (blocked.taken.length > 0) {
    problems.push({
      reason: 'SecretConflict',
      message: `A Secret ${name} this SecSynch did not create is in the way, and is left alone, in: ${blocked.taken.join(', ')}`,
    });
  }
  if (blocked.missing.length > 0) {
    problems.push({
      reason: 'NamespaceNotFound',
      message: `No such destination namespace: ${blocked.missing.join(', ')} (the copy is made as soon as it is created)`,
    });
  }
  if (blocked.terminating.length > 0) {
    problems.push({ reason: 'NamespaceTerminating', message: `Destination namespace being deleted: ${blocked.terminating.join(', ')}` });
  }
  return problems;
}

function sourceNotFound(secSynch: SecSynch): Problem {
  const { sourceNamespace, secretName } = secSynch.spec;
  return { reason: 'SourceNotFound', message: `Secret ${sourceNamespace}/${secretName} does not exist; copies already made keep their last data` };
}

function nameTooLong(secSynch: SecSynch): Problem {
  return {
    reason: 'NameTooLong',
    message: `The copies' label ${copyLabel}=${copyLabelValue(secSynch)} would exceed 63 characters: use a shorter SecSynch name`,
  };
}
