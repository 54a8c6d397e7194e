/**
 * What mutating policies remember between the two passes of kube's admission chain
 * (mutating/reinvocationcontext.go): a policy with `reinvocationPolicy: IfNeeded` that already
 * ran is run again in the second pass only when the object changed after it ran (by a later
 * policy, or by a webhook between the passes). One instance per request; the caller passes the
 * same one to both passes.
 */
import { semanticEqual, type KubeObject } from '@dojo/kube-api';

export class MutatingPolicyReinvocation {
  private lastOutput: KubeObject | undefined;
  private previouslyInvoked = new Set<string>();
  private toReinvoke = new Set<string>();
  /** Set when a policy changed the object: kube then reinvokes the other mutating plugins. */
  shouldReinvokeOthers = false;

  shouldReinvoke(key: string): boolean {
    return this.toReinvoke.has(key);
  }

  outputChangedSinceLastRun(object: KubeObject | undefined): boolean {
    return !semanticEqual(this.lastOutput ?? null, object ?? null);
  }

  rememberOutput(object: KubeObject | undefined): void {
    this.lastOutput = object === undefined ? undefined : structuredClone(object);
  }

  addReinvocable(key: string): void {
    this.previouslyInvoked.add(key);
  }

  /** Every IfNeeded policy that ran so far must run again (the object changed after it). */
  requireReinvokingPreviouslyInvoked(): void {
    for (const key of this.previouslyInvoked) this.toReinvoke.add(key);
    this.previouslyInvoked.clear();
  }
}
