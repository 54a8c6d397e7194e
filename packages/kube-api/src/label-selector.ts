/**
 * Label selectors with Kubernetes' string grammar (`a=b,c!=d,e in (f,g),!h`) and the
 * metav1.LabelSelector object form (matchLabels + matchExpressions).
 */
import { parseInt64, parseLabelSelector, type Requirement } from './label-selector-parse.ts';

export type { Operator, Requirement } from './label-selector-parse.ts';

export interface LabelSelectorObject {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export class LabelSelector {
  constructor(readonly requirements: readonly Requirement[]) {}

  static everything(): LabelSelector {
    return new LabelSelector([]);
  }

  /** Parses the `labelSelector` query parameter; throws Error with a kubectl-style message. */
  static parse(text: string): LabelSelector {
    return new LabelSelector(parseLabelSelector(text));
  }

  static fromObject(selector: LabelSelectorObject | undefined): LabelSelector {
    if (!selector) return LabelSelector.everything();
    const reqs: Requirement[] = [];
    for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
      reqs.push({ key, operator: 'Equals', values: [value] });
    }
    for (const expr of selector.matchExpressions ?? []) {
      reqs.push({ key: expr.key, operator: expr.operator, values: expr.values ?? [] });
    }
    return new LabelSelector(reqs);
  }

  isEmpty(): boolean {
    return this.requirements.length === 0;
  }

  matches(labels: Readonly<Record<string, string>> | undefined): boolean {
    const l = labels ?? {};
    return this.requirements.every((r) => requirementMatches(r, l));
  }

  toString(): string {
    return this.requirements.map(formatRequirement).join(',');
  }
}

function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.hasOwn(labels, r.key);
  const value = labels[r.key];
  switch (r.operator) {
    case 'Equals':
    case 'In':
      return has && r.values.includes(value!);
    case 'NotEquals':
    case 'NotIn':
      return !has || !r.values.includes(value!);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'GreaterThan':
    case 'LessThan': {
      // Both sides must read as int64, or the requirement does not match.
      const actual = has ? parseInt64(value!) : undefined;
      const bound = r.values.length === 1 ? parseInt64(r.values[0]!) : undefined;
      if (actual === undefined || bound === undefined) return false;
      return r.operator === 'GreaterThan' ? actual > bound : actual < bound;
    }
  }
}

function formatRequirement(r: Requirement): string {
  switch (r.operator) {
    case 'Equals':
      return `${r.key}=${r.values[0] ?? ''}`;
    case 'NotEquals':
      return `${r.key}!=${r.values[0] ?? ''}`;
    case 'In':
      return `${r.key} in (${r.values.join(',')})`;
    case 'NotIn':
      return `${r.key} notin (${r.values.join(',')})`;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
    case 'GreaterThan':
      return `${r.key}>${r.values[0] ?? ''}`;
    case 'LessThan':
      return `${r.key}<${r.values[0] ?? ''}`;
  }
}
