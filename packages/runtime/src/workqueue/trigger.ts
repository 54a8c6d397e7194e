/**
 * Why a key was added to a workqueue: the `Trigger` every add may carry (its shape is a wire
 * type, defined once in @dojo/console-protocol) and the bound on how many a key keeps.
 */
import type { Trigger } from '@dojo/console-protocol';

export type { Trigger, TriggerReason } from '@dojo/console-protocol';

/**
 * A key merges many adds while it waits; its trigger list keeps the first ones and counts the
 * rest, so a hot key cannot grow a queue's memory without bound.
 */
export const defaultMaxTriggersPerKey = 16;

export const noTriggers: readonly Trigger[] = Object.freeze([]);
