/**
 * A field's description. kube's run to paragraphs (a Quantity's is forty lines), so a long one
 * shows its first sentence and a "more" button; a word longer than the line (a URL) wraps
 * instead of widening the page.
 */
import { useState, type ReactNode } from 'react';

/** The first sentence, when it is much shorter than the whole text. */
export function firstSentence(text: string): string | undefined {
  const end = text.search(/\.(\s|$)/);
  const first = end > 0 ? text.slice(0, end + 1) : text;
  if (first.length > 240) return `${first.slice(0, 240)}…`;
  return first.length < text.length - 20 ? first : undefined;
}

export function Description({ id, text, after, className = '' }: { id?: string; text?: string; after?: ReactNode; className?: string }) {
  const [whole, setWhole] = useState(false);
  const short = text ? firstSentence(text) : undefined;
  return (
    <p id={id} className={`text-xs text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400 ${className}`}>
      {short && !whole ? short : text}
      {short ? (
        <>
          {' '}
          <button
            type="button"
            className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            aria-expanded={whole}
            onClick={() => setWhole(!whole)}
          >
            {whole ? 'less' : 'more'}
          </button>
        </>
      ) : null}
      {text && after ? ' ' : ''}
      {after}
    </p>
  );
}
