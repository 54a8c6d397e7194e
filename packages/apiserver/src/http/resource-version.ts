/**
 * A resourceVersion named by a client, read as apiserver's APIObjectVersioner.ParseResourceVersion
 * reads it: "" and "0" mean none, anything else must be a base-10 uint64 (strconv.ParseUint),
 * or the request is refused with the list path's 400 (storage.ValidateListOptions). kube answers
 * a get or watch with the same parse error as a 500 (an error that is not a Status); we answer
 * those with this 400 too rather than claim a server fault.
 */
import { goQuote, newBadRequest } from '@dojo/kube-api';

const maxUint64 = 2n ** 64n - 1n;

function parseError(rv: string, why: 'invalid syntax' | 'value out of range'): Error {
  const quoted = goQuote(rv);
  return newBadRequest(`invalid resource version: resourceVersion: Invalid value: ${quoted}: strconv.ParseUint: parsing ${quoted}: ${why}`);
}

/** The revision a client named (0n for none); throws kube's 400 for anything but a uint64. */
export function parseResourceVersion(rv: string | undefined): bigint {
  if (!rv || rv === '0') return 0n;
  let value = 0n;
  // ParseUint stops at the first fault it meets: a stray character, or the overflow before it.
  for (const ch of rv) {
    if (ch < '0' || ch > '9') throw parseError(rv, 'invalid syntax');
    value = value * 10n + BigInt(ch.charCodeAt(0) - 48);
    if (value > maxUint64) throw parseError(rv, 'value out of range');
  }
  return value;
}
