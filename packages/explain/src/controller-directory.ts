/**
 * The controllers the console runs, as the explainer asks about them: which one reconciles a
 * kind (the one whose For kind it is; the garbage collector's "*" owns no kind), whether a
 * field manager is one of them, and each one's runtime state. A state is read once per
 * question: it snapshots the whole queue, and a list's hints ask about every object (so the
 * queue is also indexed by key once per question).
 */
import type { ControllerState } from '@dojo/console-protocol';
import { queuePositionIndex, type QueuePosition } from './queue-position.ts';

export interface ControllerDirectory {
  forKind(group: string, kind: string): string | undefined;
  isController(name: string): boolean;
  state(name: string): ControllerState | undefined;
  /** Where `key` is in the controller's queue; undefined when the console runs no such controller. */
  position(name: string, key: string): QueuePosition | undefined;
}

export interface DirectoryEntry {
  readonly name: string;
  readonly forKind: { readonly group: string; readonly kind: string };
  state(): ControllerState;
}

export function controllerDirectory(entries: readonly DirectoryEntry[]): ControllerDirectory {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const states = new Map<string, ControllerState>();
  const positions = new Map<string, (key: string) => QueuePosition>();
  return {
    forKind: (group, kind) => entries.find((e) => e.forKind.group === group && e.forKind.kind === kind)?.name,
    isController: (name) => byName.has(name),
    state(name) {
      let state = states.get(name);
      if (!state) {
        const entry = byName.get(name);
        if (!entry) return undefined;
        states.set(name, (state = entry.state()));
      }
      return state;
    },
    position(name, key) {
      let index = positions.get(name);
      if (!index) {
        const state = this.state(name);
        if (!state) return undefined;
        positions.set(name, (index = queuePositionIndex(state)));
      }
      return index(key);
    },
  };
}
