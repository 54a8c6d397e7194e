/** A line diff as text: removed and added lines marked by colour, by sign, and in words for screen readers. */
import type { DiffLine } from '../../model/line-diff.ts';

const look: Record<DiffLine['kind'], string> = {
  added: 'bg-emerald-50 px-3 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
  removed: 'bg-rose-50 px-3 text-rose-900 dark:bg-rose-950/60 dark:text-rose-200',
  same: 'px-3 text-slate-600 dark:text-slate-400',
};

export function LineDiff({ label, lines }: { label: string; lines: readonly DiffLine[] }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 bg-white py-2 font-mono text-xs leading-relaxed dark:border-slate-700 dark:bg-slate-950"
    >
      {lines.map((line, i) => (
        <div key={i} className={look[line.kind]}>
          <span aria-hidden="true" className="inline-block w-4 select-none">
            {line.kind === 'added' ? '+' : line.kind === 'removed' ? '-' : ' '}
          </span>
          <span className="sr-only">{line.kind === 'added' ? 'added: ' : line.kind === 'removed' ? 'removed: ' : ''}</span>
          {line.text}
        </div>
      ))}
    </pre>
  );
}
