/** A mutation's JSON Patch as `- old` / `+ new` lines (model/patch-diff.ts), marked by colour, by sign and in words for screen readers. */
import type { AdmissionPatchOperation } from '@dojo/console-protocol';
import { patchDiffLines, type PatchDiffLine } from '../model/patch-diff.ts';

const look: Record<PatchDiffLine['kind'], string> = {
  added: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
  removed: 'bg-rose-50 text-rose-900 dark:bg-rose-950/60 dark:text-rose-200',
  same: 'text-slate-600 dark:text-slate-400',
};

const sign: Record<PatchDiffLine['kind'], string> = { added: '+', removed: '-', same: ' ' };
const words: Record<PatchDiffLine['kind'], string> = { added: 'added: ', removed: 'removed: ', same: '' };

export function PatchDiff({ label, patch }: { label: string; patch: readonly AdmissionPatchOperation[] }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-slate-200 bg-white py-1 font-mono text-xs leading-relaxed whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950"
    >
      {patchDiffLines(patch).map((line, i) => (
        // Long values wrap inside their line instead of widening the page on a phone.
        <div key={i} className={`flex px-2 ${look[line.kind]}`}>
          <span aria-hidden="true" className="w-4 shrink-0 select-none">
            {sign[line.kind]}
          </span>
          <span className="min-w-0 break-all">
            <span className="sr-only">{words[line.kind]}</span>
            {line.text}
          </span>
        </div>
      ))}
    </pre>
  );
}
