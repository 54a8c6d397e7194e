/**
 * How many runs a convergence benchmark makes: one, then more up to `maxRuns` only when the
 * first converged within the time budget. The notes say why there are fewer runs than asked.
 */
import { round } from './percentiles.ts';

export interface RunBudget {
  maxRuns: number;
  budgetSeconds: number;
  timeoutSeconds: number;
  dojos: number;
}

export async function runsWithinBudget<R extends { converged: boolean; available: number }>(
  oneRun: (index: number) => Promise<R>,
  budget: RunBudget,
  log: (line: string) => void,
): Promise<{ runs: R[]; notes: string[] }> {
  const started = performance.now();
  const runs = [await oneRun(1)];
  const firstRunSeconds = (performance.now() - started) / 1000;
  const notes: string[] = [];
  if (!runs[0]!.converged) {
    notes.push(
      `NOT CONVERGED: only ${runs[0]!.available} of ${budget.dojos} Dojos were Available after the ${budget.timeoutSeconds} s timeout; the figures cover that window, and no further runs were made`,
    );
    log(notes.at(-1)!);
  } else if (firstRunSeconds > budget.budgetSeconds && budget.maxRuns > 1) {
    notes.push(
      `one run (fresh console, warm-up and ${budget.dojos} Dojos) took ${round(firstRunSeconds)} s, over the ${budget.budgetSeconds} s budget: 1 run instead of ${budget.maxRuns}, so there is no spread`,
    );
    log(notes.at(-1)!);
  } else {
    for (let i = 2; i <= budget.maxRuns; i++) runs.push(await oneRun(i));
  }
  return { runs, notes };
}
