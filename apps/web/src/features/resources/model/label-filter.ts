/**
 * The label-selector box of a list: kubectl's `-l` grammar (`app=web,tier!=db`,
 * `env in (prod,staging)`, `!canary`), checked before it is sent, so a typo is explained at the
 * box instead of coming back as the server's 400.
 */
import { LabelSelector } from '@dojo/kube-api';

export type SelectorInput = { ok: true; selector: string | undefined } | { ok: false; error: string };

/** The selector to send for what the person typed; blank selects everything. */
export function readLabelSelector(text: string): SelectorInput {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, selector: undefined };
  try {
    return { ok: true, selector: LabelSelector.parse(trimmed).toString() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
