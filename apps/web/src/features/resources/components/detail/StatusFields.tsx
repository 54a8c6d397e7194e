/** The rest of `status` (conditions have their own table), as a readable list of paths and values. */
import type { KubeObject } from '@dojo/kube-api';

function flattenStatus(value: unknown, prefix: string, out: [string, string][]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (!prefix && key === 'conditions') continue;
      flattenStatus(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) out.push([prefix, value.join(', ')]);
    else value.forEach((v, i) => flattenStatus(v, `${prefix}[${i}]`, out));
  } else {
    out.push([prefix, value === null ? 'null' : String(value)]);
  }
}

export function StatusFields({ object }: { object: KubeObject }) {
  const rows: [string, string][] = [];
  if (object.status !== undefined && object.status !== null) flattenStatus(object.status, '', rows);
  if (rows.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No status reported yet (besides conditions).</p>;
  return (
    <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([path, value]) => (
        <div key={path} className="contents">
          <dt className="font-mono text-xs leading-5 text-slate-500 dark:text-slate-400">{path}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
