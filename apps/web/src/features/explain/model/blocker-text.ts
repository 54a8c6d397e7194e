/** How blockers and verdicts read: words and tones, so colour is never the only signal. */
import type { BlockerSeverity, Readiness } from '@dojo/console-protocol';
import type { Tone } from '../../../components/ConditionChip.tsx';

export const severityText: Record<BlockerSeverity, string> = { failed: 'Failed', blocked: 'Blocked', progressing: 'In progress', info: 'Note' };
export const severityTone: Record<BlockerSeverity, Tone> = { failed: 'bad', blocked: 'unknown', progressing: 'busy', info: 'neutral' };

export const readinessText: Record<Readiness, string> = { ready: 'Ready', 'in-progress': 'Not ready yet', failed: 'Failed', terminating: 'Being deleted' };
export const readinessTone: Record<Readiness, Tone> = { ready: 'good', 'in-progress': 'busy', failed: 'bad', terminating: 'unknown' };

/** The accessible name of a list's readiness icon: the verdict and the top blocker. */
export function hintLabel(readiness: Readiness, top: { title: string } | undefined): string {
  return top ? `${readinessText[readiness]}: ${top.title}` : readinessText[readiness];
}
