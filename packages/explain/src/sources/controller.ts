/**
 * Has the controller seen the latest spec? `status.observedGeneration` (or, without one, a
 * condition's) behind `metadata.generation` means the status on screen answers an older spec.
 * Where the object's key sits in its controller's queue says whether an answer is coming:
 * waiting, processing, delayed, in backoff (until when, after how many retries), held at a
 * breakpoint, behind a paused controller — or in no queue at all. For an object that is not
 * ready though its spec was seen, when its controller looks again is context worth a line.
 */
import type { Blocker, BlockerSeverity, Evidence } from '@dojo/console-protocol';
import type { BlockerSource, ExplainSubject } from '../blocker-source.ts';
import { conditionsOf } from '../readiness/conditions.ts';
import { observedGenerationOf } from '../readiness/assess-object.ts';
import { facts, ranks } from '../readiness/finding.ts';
import { objectLink, workqueueLink } from '../links.ts';
import { describeQueuePosition, type QueuePosition } from '../queue-position.ts';

export interface ControllerEvidence {
  readonly paused: boolean;
  /** Absent when no controller the console runs reconciles the kind. */
  readonly position?: QueuePosition;
}

export const controllerSource: BlockerSource<ControllerEvidence> = {
  name: 'controller',
  cost: 'cheap',
  dependsOn: 'queue-and-clock',
  gather(subject, context) {
    const state = subject.controller ? context.controllers.state(subject.controller) : undefined;
    if (!state || !subject.controller) return { paused: false };
    return { paused: state.paused, position: context.controllers.position(subject.controller, subject.key)! };
  },
  blockers(subject, evidence) {
    const stale = staleSpec(subject, evidence);
    if (stale) return [stale];
    const stuck = stuckInQueue(subject, evidence);
    if (stuck) return [stuck];
    const next = nextLook(subject, evidence);
    return next ? [next] : [];
  },
};

function staleSpec(subject: ExplainSubject, evidence: ControllerEvidence): Blocker | undefined {
  const generation = subject.object.metadata.generation;
  if (generation === undefined) return undefined;
  const observed = observedGenerationOf(subject.object);
  const staleConditions = conditionsOf(subject.object).filter((c) => typeof c.observedGeneration === 'number' && c.observedGeneration < generation);
  const behind = observed !== undefined && observed < generation;
  if (!behind && staleConditions.length === 0) return undefined;
  const title = behind
    ? subject.controller
      ? `${subject.controller} has not observed generation ${generation} yet (the status is for ${observed})`
      : `Generation ${generation} is not observed yet (the status is for ${observed}); no controller of the console reconciles ${subject.identity.kind}`
    : `${subject.controller ?? 'Its controller'} left ${staleConditions.map((c) => c.type).join(', ')} at generation ${Math.min(...staleConditions.map((c) => c.observedGeneration!))} (the object is at ${generation})`;
  const queue: Evidence[] =
    evidence.position && subject.controller ? describeQueuePosition(evidence.position, subject.controller, evidence.paused, subject.now) : [];
  return {
    id: 'controller/observed-generation',
    source: 'controller',
    severity: staleSeverity(evidence),
    rank: ranks.staleSpec,
    title,
    evidence: [
      ...facts({
        generation,
        observedGeneration: observed,
        'stale conditions': staleConditions.map((c) => `${c.type} (${c.observedGeneration})`).join(', ') || undefined,
      }),
      ...queue,
    ],
    links: [...(subject.controller ? [workqueueLink(subject.controller)] : []), objectLink('Versions', subject.identity, 'versions')],
  };
}

/** On its way while its key is queued or processing; blocked when nothing will bring the controller, or it cannot go on. */
function staleSeverity(evidence: ControllerEvidence): BlockerSeverity {
  const state = evidence.position?.state;
  if (!state || state === 'none' || state === 'held' || state === 'backoff' || evidence.paused) return 'blocked';
  return 'progressing';
}

/** A key that waits behind a paused controller or a breakpoint, though the spec was seen. */
function stuckInQueue(subject: ExplainSubject, evidence: ControllerEvidence): Blocker | undefined {
  const position = evidence.position;
  if (!subject.controller || !position || position.state === 'none') return undefined;
  const held = position.state === 'held' || (position.state === 'waiting' && position.blockedByBreakpoint);
  if (!held && !evidence.paused) return undefined;
  return {
    id: 'controller/held',
    source: 'controller',
    severity: 'blocked',
    rank: ranks.staleSpec,
    title: held ? `${subject.key} is held at a breakpoint in ${subject.controller}` : `${subject.controller} is paused: ${subject.key} waits in its queue`,
    evidence: describeQueuePosition(position, subject.controller, evidence.paused, subject.now),
    links: [{ label: `${subject.controller} debug controls`, target: { page: 'debug', controller: subject.controller } }, workqueueLink(subject.controller)],
  };
}

/** When the controller looks at a not-ready object again: now, soon, or only on the next event. */
function nextLook(subject: ExplainSubject, evidence: ControllerEvidence): Blocker | undefined {
  const position = evidence.position;
  if (!subject.controller || !position || subject.assessment.readiness === 'ready') return undefined;
  const [where] = describeQueuePosition(position, subject.controller, evidence.paused, subject.now);
  return {
    id: 'controller/next-look',
    source: 'controller',
    severity: 'info',
    // Context, not a blocker: after everything that is one.
    rank: ranks.lastWrite - 1,
    title: `${subject.controller}: ${where!.value}`,
    evidence: [],
    links: [workqueueLink(subject.controller)],
  };
}
