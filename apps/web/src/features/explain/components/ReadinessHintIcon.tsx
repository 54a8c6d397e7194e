/**
 * A list row's readiness at a glance: a small icon whose accessible name (and tooltip) is the
 * verdict and the top blocker, so a screen reader hears what a sighted person hovers for.
 */
import type { ReadinessHint } from '@dojo/console-protocol';
import { hintLabel } from '../model/blocker-text.ts';

const icons: Record<ReadinessHint['readiness'], { path: string; className: string }> = {
  ready: { path: 'M4 10l4 4 8-8', className: 'stroke-emerald-600 dark:stroke-emerald-400' },
  'in-progress': { path: 'M10 4v6l4 2', className: 'stroke-sky-600 dark:stroke-sky-400' },
  failed: { path: 'M10 4v7M10 15v1', className: 'stroke-rose-600 dark:stroke-rose-400' },
  terminating: { path: 'M5 10h10', className: 'stroke-amber-600 dark:stroke-amber-400' },
};

export function ReadinessHintIcon({ hint }: { hint: ReadinessHint | undefined }) {
  if (!hint)
    return (
      <span className="text-slate-500" aria-label="Readiness not known yet" role="img">
        ·
      </span>
    );
  const label = hintLabel(hint.readiness, hint.top);
  const icon = icons[hint.readiness];
  return (
    <svg role="img" aria-label={label} viewBox="0 0 20 20" width="16" height="16" className="inline-block align-middle">
      <title>{label}</title>
      <circle cx="10" cy="10" r="8.5" fill="none" strokeWidth="1.5" className={icon.className} />
      <path d={icon.path} fill="none" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={icon.className} />
    </svg>
  );
}
