import { describe, expect, it } from 'vitest';
import type { VersionRef } from '@dojo/console-protocol';
import { yamlBlame } from './yaml-blame.ts';

const by = (manager: string, rv: string): VersionRef => ({ resourceVersion: rv, time: Number(rv), writer: { source: 'managedFields', manager } });

describe('a blame of the YAML', () => {
  it("gives each field's line its last change, and the lines that only hold fields their path alone", () => {
    const last = new Map([
      ['metadata.name', by('kubectl', '1')],
      ['spec.replicas', by('kubectl', '5')],
      ['spec.args', by('kubectl', '2')],
      ['status.conditions[type=Ready].status', by('dojo', '7')],
    ]);
    const lines = yamlBlame(
      { metadata: { name: 'web' }, spec: { replicas: 2, args: ['a', 'b'] }, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
      (path) => last.get(path),
    );
    expect(lines.map((l) => [l.text, l.path, l.last?.writer.manager])).toEqual([
      ['metadata:', 'metadata', undefined],
      ['  name: web', 'metadata.name', 'kubectl'],
      ['spec:', 'spec', undefined],
      ['  replicas: 2', 'spec.replicas', 'kubectl'],
      ['  args:', 'spec.args', 'kubectl'],
      ['    - a', 'spec.args', 'kubectl'],
      ['    - b', 'spec.args', 'kubectl'],
      ['status:', 'status', undefined],
      ['  conditions:', 'status.conditions', undefined],
      ['    - type: Ready', 'status.conditions[type=Ready].type', undefined],
      ['      status: "True"', 'status.conditions[type=Ready].status', 'dojo'],
    ]);
  });

  it('gives every line of a block string its field', () => {
    const lines = yamlBlame({ data: { script: 'line one\nline two\n' } }, () => by('kubectl', '3'));
    expect(lines.filter((l) => l.path === 'data.script').length).toBe(lines.length - 1);
  });
});
