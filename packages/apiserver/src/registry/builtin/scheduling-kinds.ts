/** scheduling.k8s.io/v1 PriorityClasses, as pkg/registry/scheduling registers them (rules in priority-class-strategy.ts). */
import { defineBuiltin } from './define-builtin.ts';
import { kindColumn } from './kind-column.ts';
import { priorityClassStrategy } from './priority-class-strategy.ts';

export const priorityClasses = defineBuiltin({
  group: 'scheduling.k8s.io',
  version: 'v1',
  resource: 'priorityclasses',
  kind: 'PriorityClass',
  namespaced: false,
  shortNames: ['pc'],
  strategy: priorityClassStrategy,
  columns: [
    kindColumn(
      'Value',
      'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.',
      (o) => Number(o.value ?? 0),
      'integer',
    ),
    kindColumn(
      'Global-Default',
      'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.',
      (o) => o.globalDefault === true,
      'boolean',
    ),
  ],
});
// printPriorityClass (rendered wide by the server) puts PreemptionPolicy after Age.
priorityClasses.columns.push(
  kindColumn(
    'PreemptionPolicy',
    'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.',
    (o) => o.preemptionPolicy ?? '',
  ),
);
