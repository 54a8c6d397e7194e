/**
 * What the form's footer says about the server's objections: one problem per marked field (a
 * field with two messages is still one thing to fix) plus each message that belongs to no
 * field, counted over what the person can see. Fields not yet visited keep their objections
 * to themselves until Submit, and the footer says how many there are.
 */
import type { PlacedErrors } from './form-values.ts';

export interface ProblemCount {
  /** Problems on the page now: marked fields and shown unplaced messages. */
  shown: number;
  /** Fields the server objects to that are not marked yet (not visited, form not submitted). */
  notYetShown: number;
}

export function countProblems(placed: PlacedErrors, isShown: (fieldId: string) => boolean, unplacedShown: boolean): ProblemCount {
  let shown = unplacedShown ? placed.unplaced.length : 0;
  let notYetShown = unplacedShown ? 0 : placed.unplaced.length;
  for (const [id, messages] of placed.byField) {
    if (messages.length === 0) continue;
    if (isShown(id)) shown++;
    else notYetShown++;
  }
  return { shown, notYetShown };
}

/** "2 problems", "1 problem". */
export function problemsText(count: number): string {
  return `${count} problem${count === 1 ? '' : 's'}`;
}
