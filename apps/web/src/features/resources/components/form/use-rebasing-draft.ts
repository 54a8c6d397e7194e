/**
 * The draft of an edit form, kept on top of the live object: every field the person has not
 * changed follows the server (the same rule as every live-bound input), and their changes are
 * carried onto each new version by a three-way merge (base = the version the draft stands on).
 *
 * When someone else changed a field the person changed too, the draft stays on its old base:
 * saving it is refused with 409 Conflict, never a silent overwrite, and `conflicts` names the
 * fields. `reapply(latest)` is the person's explicit "reload and re-apply my changes": the draft
 * moves onto `latest`, keeping their value in the conflicting fields.
 */
import { useCallback, useMemo, useState } from 'react';
import { jsonEqual } from '@dojo/kube-api';
import type { JsonObject } from '../../model/form-values.ts';
import { threeWayMerge } from '../../model/three-way-merge.ts';

export interface RebasingDraft {
  draft: JsonObject;
  /** The version the draft stands on: what a save's resourceVersion and a Secret's changes are relative to. */
  base: JsonObject;
  setDraft(update: (draft: JsonObject) => JsonObject): void;
  /** Fields both the person and someone else changed since the draft's base. */
  conflicts: readonly string[];
  /** Moves the draft onto `latest`; returns the fields where the person's value replaced theirs. */
  reapply(latest: JsonObject): string[];
}

interface State {
  base: JsonObject;
  draft: JsonObject;
}

/** `live` is the object as the server has it now; undefined for a new object (nothing to follow). */
export function useRebasingDraft(initial: JsonObject, live: JsonObject | undefined): RebasingDraft {
  const [state, setState] = useState<State>({ base: live ?? initial, draft: live ?? initial });
  const merge = useMemo(() => (live && !jsonEqual(live, state.base) ? { ...threeWayMerge(state.base, state.draft, live), live } : undefined), [live, state]);
  // Follow the server during render (React's "adjust state when a prop changes"): no frame shows a stale draft.
  if (merge && merge.conflicts.length === 0) setState({ base: merge.live, draft: merge.merged });

  const setDraft = useCallback((update: (draft: JsonObject) => JsonObject) => setState((s) => ({ ...s, draft: update(s.draft) })), []);
  const reapply = useCallback(
    (latest: JsonObject) => {
      const { merged, conflicts } = threeWayMerge(state.base, state.draft, latest);
      setState({ base: latest, draft: merged });
      return conflicts;
    },
    [state],
  );
  return { draft: state.draft, base: state.base, setDraft, conflicts: merge?.conflicts ?? [], reapply };
}
