/** policy/v1 PodDisruptionBudgets, as pkg/registry/policy registers them (rules in pdb-strategy.ts). */
import { statusStrategy } from '../status-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';
import { podDisruptionBudgetStrategy, validatePodDisruptionBudgetStatus } from './pdb-strategy.ts';
import { field } from './unstructured.ts';

const intOrPercentText = (value: unknown): string => (value === undefined ? 'N/A' : String(value));

export const podDisruptionBudgets = defineBuiltin({
  group: 'policy',
  version: 'v1',
  resource: 'poddisruptionbudgets',
  kind: 'PodDisruptionBudget',
  namespaced: true,
  shortNames: ['pdb'],
  strategy: podDisruptionBudgetStrategy,
  subresources: { status: statusStrategy(podDisruptionBudgetStrategy, { validateUpdate: (obj) => validatePodDisruptionBudgetStatus(obj) }) },
  columns: [
    kindColumn('Min Available', 'The minimum number of pods that must be available.', (o) => intOrPercentText(field(o, 'spec', 'minAvailable'))),
    kindColumn('Max Unavailable', 'The maximum number of pods that may be unavailable.', (o) => intOrPercentText(field(o, 'spec', 'maxUnavailable'))),
    kindColumn(
      'Allowed Disruptions',
      'Calculated number of pods that may be disrupted at this time.',
      (o) => Number(field(o, 'status', 'disruptionsAllowed') ?? 0),
      'integer',
    ),
  ],
});
