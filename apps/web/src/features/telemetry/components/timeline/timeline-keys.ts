/** The timeline's keyboard: which key does what, in one table. */
export type TimelineKeyAction =
  { type: 'pan'; by: number } | { type: 'zoom'; factor: number } | { type: 'follow' } | { type: 'step'; direction: 1 | -1 } | { type: 'clear' };

const actions: Record<string, TimelineKeyAction> = {
  ArrowLeft: { type: 'pan', by: -0.1 },
  ArrowRight: { type: 'pan', by: 0.1 },
  '+': { type: 'zoom', factor: 0.5 },
  '=': { type: 'zoom', factor: 0.5 },
  '-': { type: 'zoom', factor: 2 },
  _: { type: 'zoom', factor: 2 },
  f: { type: 'follow' },
  F: { type: 'follow' },
  '[': { type: 'step', direction: -1 },
  ']': { type: 'step', direction: 1 },
  Escape: { type: 'clear' },
};

export function timelineKeyAction(key: string): TimelineKeyAction | undefined {
  return actions[key];
}
