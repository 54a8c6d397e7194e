/**
 * How a simulated container behaves, decided from its image: a tag of `crash` makes it exit
 * soon after it starts (CrashLoopBackOff), a tag of `missing` makes its image pull fail
 * (ErrImagePull, ImagePullBackOff). Other images run, except for the share of Pods the
 * failure rates pick, so a person can make a Dojo Degraded for a real reason on purpose.
 * `fail` is a synonym of `crash` that reads better for a Job: its container exits 1.
 *
 * A Pod that runs to completion (restartPolicy Never or OnFailure) runs for the options'
 * `podRunTime`, or for the seconds its annotation `sim.dojo.dev/run-seconds` names.
 */
import { unitInterval } from '../core/seeded-random.ts';

export type ContainerBehaviour = 'runs' | 'crashes' | 'cannot-pull';

export interface FailureRates {
  readonly crash: number;
  readonly imagePull: number;
}

/** The tag of an image reference ("nginx:1.27" -> "1.27"), ignoring a registry port and a digest. */
export function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0] ?? '';
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon < 0 ? undefined : withoutDigest.slice(colon + 1);
}

export function containerBehaviour(image: string | undefined, rates: FailureRates, seed: number, podUid: string, container: string): ContainerBehaviour {
  const tag = imageTag(image ?? '');
  if (tag === 'crash' || tag === 'fail') return 'crashes';
  if (tag === 'missing') return 'cannot-pull';
  const roll = unitInterval(seed, podUid, container, 'failure');
  if (roll < rates.crash) return 'crashes';
  if (roll < rates.crash + rates.imagePull) return 'cannot-pull';
  return 'runs';
}

/** The annotation that sets how long a run-to-completion Pod's containers run ("2.5" seconds). */
export const runSecondsAnnotation = 'sim.dojo.dev/run-seconds';

/** The Pod's run time from its annotation, or undefined to take the options' range. */
export function annotatedRunMs(annotations: Readonly<Record<string, string>> | undefined): number | undefined {
  const seconds = Number(annotations?.[runSecondsAnnotation] ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}
