/**
 * Several asynchronous admission steps as one, in kube-apiserver's plugin order
 * (kubeapiserver/options/plugins.go: MutatingAdmissionPolicy, MutatingAdmissionWebhook,
 * ValidatingAdmissionPolicy, ValidatingAdmissionWebhook): each mutating step sees the object
 * the previous one left, and validating steps run one after the other, the first refusal
 * winning. The store is given one AsyncAdmission; this is how policies and webhooks share it.
 */
import { StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes, AdmissionTarget } from './admission-attributes.ts';
import type { AsyncAdmission, MutatingOutcome } from './async-admission.ts';

export function asyncAdmissionChain(...steps: AsyncAdmission[]): AsyncAdmission {
  return {
    handles: (target: AdmissionTarget) => steps.some((step) => step.handles(target)),
    async admit(attributes: AdmissionAttributes): Promise<MutatingOutcome> {
      const outcome: MutatingOutcome = { object: attributes.object, changed: false, warnings: [] };
      for (const step of steps) {
        if (!step.handles(attributes)) continue;
        const next = await withEarlierWarnings(outcome.warnings, () => step.admit({ ...attributes, object: outcome.object }));
        outcome.object = next.object;
        outcome.changed ||= next.changed;
        outcome.warnings.push(...next.warnings);
      }
      return outcome;
    },
    async validate(attributes: AdmissionAttributes): Promise<{ warnings: string[] }> {
      const warnings: string[] = [];
      for (const step of steps) {
        if (!step.handles(attributes)) continue;
        warnings.push(...(await withEarlierWarnings(warnings, () => step.validate(attributes))).warnings);
      }
      return { warnings };
    },
  };
}

/** A refusal still carries the warnings earlier steps gave. */
async function withEarlierWarnings<T>(warnings: readonly string[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StatusError && warnings.length) err.warnings = [...warnings, ...err.warnings];
    throw err;
  }
}
