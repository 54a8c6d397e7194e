import { describe, expect, it } from 'vitest';
import type { StatusError } from '@dojo/kube-api';
import { decodeClientViewCommand } from './client-view-request.ts';

const statusOf = (body: unknown) => {
  try {
    decodeClientViewCommand(body);
  } catch (err) {
    return (err as StatusError).status;
  }
  return undefined;
};

describe('decodeClientViewCommand: the body of POST /api/clients/:name/view', () => {
  it('takes each command in its documented shape', () => {
    expect(decodeClientViewCommand({ op: 'pause' })).toEqual({ op: 'pause' });
    expect(decodeClientViewCommand({ op: 'break', breakpoint: { kind: 'ConfigMap', namespace: 'default', labelSelector: 'app=web' } })).toEqual({
      op: 'break',
      breakpoint: { kind: 'ConfigMap', namespace: 'default', labelSelector: 'app=web' },
    });
    expect(decodeClientViewCommand({ op: 'stale', stale: { behind: 3 } })).toEqual({ op: 'stale', stale: { behind: 3 } });
    expect(decodeClientViewCommand({ op: 'stale', stale: null })).toEqual({ op: 'stale', stale: null });
  });

  it('refuses an unknown op, a breakpoint without a kind and a stale view with both lags, as 422 Invalid with the field', () => {
    expect(statusOf({ op: 'lift' })).toMatchObject({ code: 422, reason: 'Invalid', details: { causes: [{ field: 'op', reason: 'FieldValueNotSupported' }] } });
    expect(statusOf({ op: 'break', breakpoint: { name: 'a' } })).toMatchObject({
      code: 422,
      details: { causes: [{ field: 'breakpoint.kind', reason: 'FieldValueRequired' }] },
    });
    expect(statusOf({ op: 'stale', stale: { behind: 1, seconds: 2 } })).toMatchObject({ code: 422, details: { causes: [{ field: 'stale' }] } });
  });

  it('refuses a body that is not an object, and a stale command without its value, as 400', () => {
    expect(statusOf('pause')).toMatchObject({ code: 400 });
    expect(statusOf({ op: 'stale' })).toMatchObject({ code: 400 });
  });
});
