import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { applyJsonPatch } from './json-patch.ts';

function failure(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a StatusError');
}

describe('applyJsonPatch on the RFC 6902 appendix A examples', () => {
  it('A.1 adds an object member', () => {
    expect(applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }])).toEqual({ baz: 'qux', foo: 'bar' });
  });

  it('A.2 adds an array element', () => {
    expect(applyJsonPatch({ foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }])).toEqual({ foo: ['bar', 'qux', 'baz'] });
  });

  it('A.3 removes an object member', () => {
    expect(applyJsonPatch({ baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }])).toEqual({ foo: 'bar' });
  });

  it('A.4 removes an array element', () => {
    expect(applyJsonPatch({ foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }])).toEqual({ foo: ['bar', 'baz'] });
  });

  it('A.5 replaces a value', () => {
    expect(applyJsonPatch({ baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }])).toEqual({ baz: 'boo', foo: 'bar' });
  });

  it('A.6 moves a value', () => {
    const doc = { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } };
    expect(applyJsonPatch(doc, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }])).toEqual({
      foo: { bar: 'baz' },
      qux: { corge: 'grault', thud: 'fred' },
    });
  });

  it('A.7 moves an array element', () => {
    expect(applyJsonPatch({ foo: ['all', 'grass', 'cows', 'eat'] }, [{ op: 'move', from: '/foo/1', path: '/foo/3' }])).toEqual({
      foo: ['all', 'cows', 'eat', 'grass'],
    });
  });

  it('A.8 passes a successful test', () => {
    const doc = { baz: 'qux', foo: ['a', 2, 'c'] };
    const ops = [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ];
    expect(applyJsonPatch(doc, ops)).toEqual(doc);
  });

  it('A.9 fails a test with 422 and the generic kube-apiserver message', () => {
    const err = failure(() => applyJsonPatch({ baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]));
    expect(err.code).toBe(422);
    expect(err.reason).toBe('Invalid');
    expect(err.message).toBe('the server rejected our request due to an error in our request');
    expect(err.cause).toBe('testing value /baz failed: test failed');
  });

  it('A.10 adds a nested member object', () => {
    expect(applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/child', value: { grandchild: {} } }])).toEqual({
      foo: 'bar',
      child: { grandchild: {} },
    });
  });

  it('A.11 ignores unrecognized members of an operation', () => {
    expect(applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }])).toEqual({ foo: 'bar', baz: 'qux' });
  });

  it('A.12 refuses to add to a nonexistent target', () => {
    const err = failure(() => applyJsonPatch({ foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]));
    expect(err.code).toBe(422);
    expect(err.cause).toBe('add operation does not apply: doc is missing path: "/baz/bat": missing value');
  });

  it('A.14 unescapes ~1 before ~0', () => {
    const doc = { '/': 9, '~1': 10 };
    expect(applyJsonPatch(doc, [{ op: 'test', path: '/~01', value: 10 }])).toEqual(doc);
    expect(applyJsonPatch({ 'a/b': 1 }, [{ op: 'replace', path: '/a~1b', value: 2 }])).toEqual({ 'a/b': 2 });
  });

  it('A.15 does not consider a string equal to a number', () => {
    expect(failure(() => applyJsonPatch({ '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: '10' }])).code).toBe(422);
  });

  it('A.16 adds an array value', () => {
    expect(applyJsonPatch({ foo: ['bar'] }, [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }])).toEqual({ foo: ['bar', ['abc', 'def']] });
  });
});

describe('applyJsonPatch as kube-apiserver runs it', () => {
  it("answers a body that is not a list with 400 and Go's decoding error", () => {
    const err = failure(() => applyJsonPatch({}, { op: 'add' }));
    expect(err.code).toBe(400);
    expect(err.message).toBe('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
    expect(failure(() => applyJsonPatch({}, ['x'])).message).toBe('json: cannot unmarshal string into Go value of type jsonpatch.Operation');
  });

  it('caps a patch at 10000 operations with 413', () => {
    const ops = Array.from({ length: 10001 }, () => ({ op: 'test', path: '/a', value: 1 }));
    const err = failure(() => applyJsonPatch({ a: 1 }, ops));
    expect(err.code).toBe(413);
    expect(err.message).toBe('Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001');
  });

  it('rejects an unknown op with 422', () => {
    expect(failure(() => applyJsonPatch({}, [{ op: 'frobnicate', path: '/a' }])).cause).toBe('Unexpected kind: frobnicate');
  });

  it('lets replace create a missing object key, like evanphx json-patch v4', () => {
    const pod = { metadata: { name: 'p' } };
    expect(applyJsonPatch(pod, [{ op: 'replace', path: '/metadata/labels', value: { app: 'web' } }])).toEqual({
      metadata: { name: 'p', labels: { app: 'web' } },
    });
  });

  it('fails removing a key that is not there', () => {
    expect(failure(() => applyJsonPatch({ a: {} }, [{ op: 'remove', path: '/a/b' }])).cause).toBe(
      "error in remove for path: '/a/b': Unable to remove nonexistent key: b: missing value",
    );
  });

  it('counts negative array indices from the end and rejects indices past it', () => {
    expect(applyJsonPatch({ l: [1, 2, 3] }, [{ op: 'remove', path: '/l/-1' }])).toEqual({ l: [1, 2] });
    expect(failure(() => applyJsonPatch({ l: [1] }, [{ op: 'add', path: '/l/5', value: 0 }])).code).toBe(422);
  });

  it('applies all operations or none, and never mutates its input', () => {
    const doc = { spec: { replicas: 1 } };
    const snapshot = structuredClone(doc);
    failure(() =>
      applyJsonPatch(doc, [
        { op: 'replace', path: '/spec/replicas', value: 5 },
        { op: 'test', path: '/spec/replicas', value: 1 },
      ]),
    );
    expect(doc).toEqual(snapshot);
  });

  it('copies values rather than sharing them with the patch', () => {
    const value = { app: 'web' };
    const out = applyJsonPatch({ metadata: {} }, [{ op: 'add', path: '/metadata/labels', value }]);
    value.app = 'changed';
    expect(out).toEqual({ metadata: { labels: { app: 'web' } } });
  });
});
