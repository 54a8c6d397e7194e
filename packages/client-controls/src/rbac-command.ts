/**
 * `dojo-console rbac NAME [--compare FILE] [--data-dir DIR] [--format yaml|markers]`: the
 * least-privilege RBAC for what client NAME did, from the data dir's request journal (the
 * console need not run). Prints the YAML or the markers on stdout; with --compare, what the
 * file misses, what everyone has anyway and what it grants in vain. Exit 1 when the journal
 * holds nothing of NAME (a wrong name or data dir would otherwise print an empty role).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DerivedRbacRule, RbacComparison, RbacPolicyRule, UnusedGrant } from '@dojo/console-protocol';
import { rbacMarkers } from './rbac-manifests.ts';
import { clientRbacFromDataDir } from './rbac-report.ts';

export interface RbacCommand {
  client: string;
  dataDir: string;
  format: 'yaml' | 'markers';
  compare?: string;
}

export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const list = (values: readonly string[] | undefined): string => `[${(values ?? []).map((v) => JSON.stringify(v)).join(', ')}]`;

function describeRule(rule: RbacPolicyRule): string {
  if (rule.nonResourceURLs) return `nonResourceURLs ${list(rule.nonResourceURLs)} verbs ${list(rule.verbs)}`;
  const names = rule.resourceNames?.length ? ` resourceNames ${list(rule.resourceNames)}` : '';
  return `apiGroups ${list(rule.apiGroups)} resources ${list(rule.resources)}${names} verbs ${list(rule.verbs)}`;
}

function ruleLines(rules: readonly DerivedRbacRule[], format: RbacCommand['format']): string[] {
  if (format === 'markers')
    return rbacMarkers(rules)
      .trimEnd()
      .split('\n')
      .map((l) => `  ${l}`);
  return rules.flatMap((r) => [
    `  ${r.namespace ? `Role in ${r.namespace}` : 'ClusterRole'}: ${describeRule(r.rule)}`,
    `    used: ${r.evidence.map((e) => `${e.verb} ${e.nonResourceURL ?? e.resource} (seq ${e.seq})`).join(', ')}`,
  ]);
}

function describeUnused(u: UnusedGrant): string {
  const role = u.role.kind === 'Role' ? `Role ${u.role.namespace}/${u.role.name}` : `ClusterRole ${u.role.name}`;
  const what = u.nonResourceURL ?? `${u.apiGroup ? `${u.apiGroup}/` : ''}${u.resource}${u.resourceName ? ` "${u.resourceName}"` : ''}`;
  return `  ${role}: ${u.verb} ${what}`;
}

function comparisonText(file: string, c: RbacComparison, format: RbacCommand['format']): string {
  const section = (title: string, lines: string[]) => [title, ...(lines.length ? lines : ['  (none)']), ''];
  return [
    ...section(`Missing from ${file} (used, not granted: the client would be refused these):`, ruleLines(c.missing, format)),
    ...section("Not in the file, but kube's bootstrap policy grants them to every authenticated user:", ruleLines(c.grantedToEveryone, format)),
    ...section(`Granted by ${file}, never used:`, c.unused.map(describeUnused)),
    ...(c.ignored.length ? [`Documents without rules, not compared: ${c.ignored.join(', ')}`, ''] : []),
  ].join('\n');
}

export async function runRbac(command: RbacCommand, out: CommandOutput): Promise<0 | 1> {
  const dataDir = resolve(command.dataDir);
  const { rbac, compare } = await clientRbacFromDataDir(dataDir, command.client);
  if (rbac.from.records === 0) {
    out.stderr(
      `dojo-console rbac: the request journal of ${dataDir} holds no request of "${command.client}" (is it the data dir the client is connected to, and has the client run?)\n`,
    );
    return 1;
  }
  if (command.compare !== undefined) {
    let comparison: RbacComparison;
    try {
      comparison = compare(readFileSync(command.compare, 'utf8'));
    } catch (err) {
      out.stderr(`dojo-console rbac: cannot compare with ${command.compare}: ${(err as Error).message}\n`);
      return 1;
    }
    out.stdout(comparisonText(command.compare, comparison, command.format));
    return 0;
  }
  out.stdout(command.format === 'markers' ? rbacMarkers(rbac.rules) : rbac.yaml);
  const notes = [...new Set(rbac.rules.flatMap((r) => r.notes))];
  if (notes.length) out.stderr(['Notes:', ...notes.map((n) => `  ${n}`), ''].join('\n'));
  return 0;
}
