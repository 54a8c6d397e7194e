/** Timeline colours per outcome, for light and dark themes (also used by the legend). */
import type { SpanOutcome } from '../../model/lane-filter.ts';

export interface TimelinePalette {
  outcome: Record<SpanOutcome, string>;
  background: string;
  stripe: string;
  labelBackground: string;
  text: string;
  mutedText: string;
  grid: string;
  now: string;
  selection: string;
  /** The notch over a reconcile one of whose API calls got an injected fault. */
  fault: string;
}

const outcomeLight: Record<SpanOutcome, string> = {
  success: '#059669',
  error: '#e11d48',
  requeue: '#d97706',
  requeueAfter: '#0284c7',
  conflict: '#9333ea',
  running: '#64748b',
};

const outcomeDark: Record<SpanOutcome, string> = {
  success: '#34d399',
  error: '#fb7185',
  requeue: '#fbbf24',
  requeueAfter: '#38bdf8',
  conflict: '#c084fc',
  running: '#94a3b8',
};

export const lightPalette: TimelinePalette = {
  outcome: outcomeLight,
  background: '#ffffff',
  stripe: '#f8fafc',
  labelBackground: '#f1f5f9',
  text: '#0f172a',
  mutedText: '#64748b',
  grid: '#e2e8f0',
  now: '#6366f1',
  selection: '#0f172a',
  fault: '#b45309',
};

export const darkPalette: TimelinePalette = {
  outcome: outcomeDark,
  background: '#0f172a',
  stripe: '#111c33',
  labelBackground: '#1e293b',
  text: '#e2e8f0',
  mutedText: '#94a3b8',
  grid: '#1e293b',
  now: '#818cf8',
  selection: '#f8fafc',
  fault: '#fbbf24',
};

export const outcomeLabels: Record<SpanOutcome, string> = {
  success: 'Success',
  error: 'Error',
  requeue: 'Requeue',
  requeueAfter: 'Requeue after',
  conflict: 'Conflict',
  running: 'Running',
};
