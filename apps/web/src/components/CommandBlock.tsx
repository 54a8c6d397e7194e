/**
 * A command to run in a terminal: a box that reads as one in both themes, wrapping long lines at
 * path separators and spaces (never inside a word; a word longer than the line scrolls inside the
 * box, never off the page), with a button that copies it exactly and says so to everyone
 * (a status region reads "Copied").
 */
import { useEffect, useId, useState } from 'react';
import { copyText } from '../lib/copy-text.ts';
import { PathText } from './PathText.tsx';

export function CommandBlock({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'copied' | 'failed'>();
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(undefined), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="mt-1 flex items-start gap-1 rounded-md border border-slate-700 bg-slate-900 dark:border-slate-600 dark:bg-slate-950">
      <pre
        id={id}
        aria-label={label}
        tabIndex={0}
        className="min-w-0 flex-1 overflow-x-auto px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <PathText text={text} />
      </pre>
      <button
        type="button"
        // Named "Copy" and described by the command: a name holding the block's label would be found for the block's own.
        aria-describedby={id}
        title={`Copy the ${label}`}
        onClick={() => void copyText(text).then((ok) => setCopied(ok ? 'copied' : 'failed'))}
        className="m-1 shrink-0 rounded px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        {copied === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy: select the command and copy it by hand' : ''}
      </span>
    </div>
  );
}
