/**
 * "Why is this not ready?": every blocker source's blockers for one object, ranked, with the
 * object's verdict; and for a list, each object's verdict and top blocker from the cheap
 * sources only. The verdict counts every blocker but `info`: a child in CrashLoopBackOff makes
 * its Deployment failed even when the Deployment's own status does not say so yet.
 */
import type { Blocker, Explanation, ReadinessHint, ReadinessHints } from '@dojo/console-protocol';
import { identityOf, objectKeyOf, type KubeObject } from '@dojo/kube-api';
import type { ExplainContext, ExplainSubject, RunnableSource } from './blocker-source.ts';
import { assessObject, rankFindings, verdict } from './readiness/assess-object.ts';
import { blockerSources } from './sources/blocker-sources.ts';

export interface Kind {
  readonly group: string;
  readonly kind: string;
}

/** `assessment`: the object's own, when the caller kept it from an earlier question about the same object. */
export function subjectOf(type: Kind, object: KubeObject, context: ExplainContext, now: number, assessment = assessObject(type, object)): ExplainSubject {
  const controller = context.controllers.forKind(type.group, type.kind);
  return { identity: identityOf(object, type), object, assessment, key: objectKeyOf(object), now, ...(controller ? { controller } : {}) };
}

export async function blockersOf(subject: ExplainSubject, context: ExplainContext, sources: readonly RunnableSource[] = blockerSources): Promise<Blocker[]> {
  const runs = sources.filter((s) => s.cost === 'cheap' || context.history).map((s) => s.run(subject, context));
  return mergeBlockers(await Promise.all(runs));
}

/** Each source's blockers, in the table's order, as one ranked list: the first of an id wins. */
export function mergeBlockers(found: readonly (readonly Blocker[])[]): Blocker[] {
  const seen = new Set<string>();
  const blockers: Blocker[] = [];
  for (const some of found) {
    for (const blocker of some) {
      if (seen.has(blocker.id)) continue;
      seen.add(blocker.id);
      blockers.push(blocker);
    }
  }
  return rankFindings(blockers);
}

export async function explainObject(
  type: Kind,
  object: KubeObject,
  context: ExplainContext,
  options: { now: number; notes?: readonly string[]; sources?: readonly RunnableSource[] },
): Promise<Explanation> {
  const subject = subjectOf(type, object, context, options.now);
  const blockers = await blockersOf(subject, context, options.sources);
  const { resourceVersion, generation } = object.metadata;
  return {
    object: subject.identity,
    ...(resourceVersion ? { resourceVersion } : {}),
    ...(generation === undefined ? {} : { generation }),
    readiness: verdict(
      object,
      blockers.filter((b) => b.severity !== 'info'),
    ),
    blockers,
    ...(subject.controller ? { controller: subject.controller } : {}),
    computedAt: options.now,
    notes: options.notes ?? [],
  };
}

/**
 * Each object's verdict and top blocker, from the cheap sources, by object key: the definition.
 * The console answers through readiness-hints-cache.ts, which keeps what does not change between calls.
 */
export async function readinessHints(type: Kind, objects: readonly KubeObject[], context: ExplainContext, now: number): Promise<ReadinessHints> {
  const cheap: ExplainContext = { graph: context.graph, controllers: context.controllers };
  const hints: Record<string, ReadinessHint> = {};
  for (const object of objects) hints[objectKeyOf(object)] = hintOf(object, await blockersOf(subjectOf(type, object, cheap, now), cheap));
  return { hints };
}

/** A list's line for one object: its verdict, how many blockers, the top one. */
export function hintOf(object: KubeObject, blockers: readonly Blocker[]): ReadinessHint {
  const top = blockers[0];
  return {
    readiness: verdict(
      object,
      blockers.filter((b) => b.severity !== 'info'),
    ),
    blockers: blockers.length,
    ...(top ? { top: { severity: top.severity, title: top.title } } : {}),
  };
}
