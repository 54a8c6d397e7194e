/**
 * The controllers the console runs, as the explainer asks about them: which one reconciles a
 * kind (the one whose For kind it is; the garbage collector's "*" owns no kind), whether a
 * field manager is one of them, and each one's runtime state. A state is read once per
 * question: it snapshots the whole queue, and a list's hints ask about every object.
 */
import type { ControllerState } from '@dojo/console-protocol';

export interface ControllerDirectory {
  forKind(group: string, kind: string): string | undefined;
  isController(name: string): boolean;
  state(name: string): ControllerState | undefined;
}

export interface DirectoryEntry {
  readonly name: string;
  readonly forKind: { readonly group: string; readonly kind: string };
  state(): ControllerState;
}

export function controllerDirectory(entries: readonly DirectoryEntry[]): ControllerDirectory {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const states = new Map<string, ControllerState>();
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
  };
}
