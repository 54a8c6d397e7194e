/**
 * The timeline's count line: how many reconciles and lanes the filters leave on screen, and
 * out of how many loaded. A count of everything loaded beside a filtered canvas read as if the
 * filters did nothing.
 */
import type { Lane } from './span.ts';

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

const reconcilesIn = (lanes: readonly Lane[]) => lanes.reduce((sum, lane) => sum + lane.spans.length, 0);

/** `loaded`: every lane the tab holds; `shown`: those the filters leave (lib LaneFilter.apply). */
export function shownCountText(loaded: readonly Lane[], shown: readonly Lane[]): string {
  const total = reconcilesIn(loaded);
  const visible = reconcilesIn(shown);
  if (visible === total && shown.length === loaded.length) return `${plural(total, 'reconcile')} loaded in ${plural(loaded.length, 'lane')}`;
  return `${plural(visible, 'reconcile')} shown in ${plural(shown.length, 'lane')} (of ${total.toLocaleString('en-US')} loaded in ${plural(loaded.length, 'lane')})`;
}
