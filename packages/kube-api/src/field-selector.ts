/**
 * Field selectors (`metadata.name=x,metadata.namespace!=y`). Only equality terms exist in
 * Kubernetes; which fields are selectable is decided by the server per kind.
 */

export interface FieldRequirement {
  field: string;
  operator: 'Equals' | 'NotEquals';
  value: string;
}

export class FieldSelector {
  constructor(readonly requirements: readonly FieldRequirement[]) {}

  static everything(): FieldSelector {
    return new FieldSelector([]);
  }

  static parse(text: string): FieldSelector {
    const trimmed = text.trim();
    if (trimmed === '') return FieldSelector.everything();
    const reqs = trimmed.split(',').map((part): FieldRequirement => {
      const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part.trim());
      if (!m) throw new Error(`invalid selector: '${trimmed}'; can't understand '${part}'`);
      return { field: m[1]!.trim(), operator: m[2] === '!=' ? 'NotEquals' : 'Equals', value: m[3]!.trim() };
    });
    return new FieldSelector(reqs);
  }

  isEmpty(): boolean {
    return this.requirements.length === 0;
  }

  /** `fields` maps each selectable field name to the object's value for it. */
  matches(fields: Readonly<Record<string, string>>): boolean {
    return this.requirements.every((r) => {
      const value = fields[r.field] ?? '';
      return r.operator === 'Equals' ? value === r.value : value !== r.value;
    });
  }

  /** The single value an equality term pins a field to, if any (used to narrow a scan). */
  exactValue(field: string): string | undefined {
    return this.requirements.find((r) => r.field === field && r.operator === 'Equals')?.value;
  }
}
