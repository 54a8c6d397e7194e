/**
 * The triggers merged into one reconcile, each saying what it was: the object (kind and name,
 * linked to that object's version at the triggering resourceVersion), the event, the
 * resourceVersion and generation, and whether the object was created, deleted, its spec edited,
 * or only its status or metadata churned.
 */
import type { Trigger } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Link } from '../../../lib/router.tsx';
import { triggerChange, triggerChangeBadge } from '../../../lib/trigger-text.ts';
import type { ObjectPageLink } from '../model/timeline-view.ts';

function TriggerItem({ trigger, objectLink }: { trigger: Trigger; objectLink?: ObjectPageLink | undefined }) {
  const change = triggerChange(trigger);
  const version = trigger.object && trigger.resourceVersion ? objectLink?.(trigger.object, { tab: 'versions', rv: trigger.resourceVersion }) : undefined;
  const name = trigger.object
    ? `${trigger.object.kind} ${trigger.object.namespace ? `${trigger.object.namespace}/` : ''}${trigger.object.name}`
    : [trigger.kind, trigger.key].filter(Boolean).join(' ');
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 font-mono text-xs">
      <Badge>{trigger.reason}</Badge>
      {trigger.event ? <span>{trigger.event}</span> : null}
      {name ? <bdi className="font-semibold">{name}</bdi> : null}
      {trigger.resourceVersion ? (
        version ? (
          <Link to={version} className="text-indigo-700 underline dark:text-indigo-300" aria-label={`Version ${trigger.resourceVersion} of ${name}`}>
            RV {trigger.resourceVersion}
          </Link>
        ) : (
          <span>RV {trigger.resourceVersion}</span>
        )
      ) : null}
      {trigger.generation !== undefined ? <span>gen {trigger.generation}</span> : null}
      {change ? <Badge tone={triggerChangeBadge[change].tone}>{triggerChangeBadge[change].label}</Badge> : null}
      {trigger.reconcileId ? <span>from reconcile {trigger.reconcileId}</span> : null}
    </li>
  );
}

export function TriggerList({ triggers, dropped, objectLink }: { triggers: readonly Trigger[]; dropped: number; objectLink?: ObjectPageLink | undefined }) {
  if (triggers.length === 0) return <p className="text-slate-600 dark:text-slate-400">None recorded.</p>;
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {triggers.map((t, i) => (
        <TriggerItem key={i} trigger={t} objectLink={objectLink} />
      ))}
      {dropped ? <li className="text-xs">…and {dropped} more</li> : null}
    </ul>
  );
}
