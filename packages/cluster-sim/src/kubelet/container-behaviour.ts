/**
 * How a simulated container behaves, decided from its image: a tag of `crash` makes it exit
 * soon after it starts (CrashLoopBackOff), a tag of `missing` makes its image pull fail
 * (ErrImagePull, ImagePullBackOff). Other images run, except for the share of Pods the
 * failure rates pick, so a person can make a Dojo Degraded for a real reason on purpose.
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
  if (tag === 'crash') return 'crashes';
  if (tag === 'missing') return 'cannot-pull';
  const roll = unitInterval(seed, podUid, container, 'failure');
  if (roll < rates.crash) return 'crashes';
  if (roll < rates.crash + rates.imagePull) return 'cannot-pull';
  return 'runs';
}
