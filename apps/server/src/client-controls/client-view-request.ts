/**
 * The body of `POST /api/clients/:name/view`, decoded before it is trusted: one of the
 * ClientViewCommand shapes (@dojo/console-protocol), each field checked, unknown ones refused.
 */
import type { ClientBreakpoint, ClientStaleView, ClientViewCommand } from '@dojo/console-protocol';
import { fieldError, newBadRequest, newInvalid } from '@dojo/kube-api';
import { jsonObjectBody } from '../routes/json-body.ts';

const ops = ['pause', 'resume', 'step', 'break', 'continue', 'stale'] as const;

const group = { group: 'console', kind: 'ClientView' };

function optionalString(value: Record<string, unknown>, key: string, path: string): string | undefined {
  const v = value[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw newInvalid(group, 'view', [fieldError.invalid(`${path}.${key}`, v, 'must be a non-empty string')]);
  return v;
}

function breakpointOf(raw: unknown): ClientBreakpoint {
  const b = jsonObjectBody(raw);
  const kind = optionalString(b, 'kind', 'breakpoint');
  if (kind === undefined) throw newInvalid(group, 'view', [fieldError.required('breakpoint.kind', '')]);
  const namespace = optionalString(b, 'namespace', 'breakpoint');
  const name = optionalString(b, 'name', 'breakpoint');
  const labelSelector = optionalString(b, 'labelSelector', 'breakpoint');
  return { kind, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}), ...(labelSelector ? { labelSelector } : {}) };
}

function staleOf(raw: unknown): ClientStaleView | null {
  if (raw === null) return null;
  const s = jsonObjectBody(raw);
  if (typeof s.behind === 'number' && s.seconds === undefined) return { behind: s.behind };
  if (typeof s.seconds === 'number' && s.behind === undefined) return { seconds: s.seconds };
  throw newInvalid(group, 'view', [fieldError.invalid('stale', s, 'give either behind (resourceVersions) or seconds, as a number; null lifts the stale view')]);
}

export function decodeClientViewCommand(body: unknown): ClientViewCommand {
  const b = jsonObjectBody(body);
  const op = b.op;
  if (!ops.includes(op as (typeof ops)[number])) throw newInvalid(group, 'view', [fieldError.notSupported('op', op, [...ops])]);
  switch (op as (typeof ops)[number]) {
    case 'break':
      return { op: 'break', breakpoint: breakpointOf(b.breakpoint) };
    case 'stale':
      if (!('stale' in b)) throw newBadRequest('a stale command needs "stale": {behind: N} | {seconds: S} | null');
      return { op: 'stale', stale: staleOf(b.stale) };
    default:
      return { op } as ClientViewCommand;
  }
}
