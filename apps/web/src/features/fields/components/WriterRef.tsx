/** Who wrote a version, linked to the reconcile that wrote it when the console knows it. */
import type { FieldWriter } from '@dojo/console-protocol';
import { Link } from '../../../lib/router.tsx';
import { writerSource, writerText } from '../model/field-text.ts';
import type { FieldLinks } from './field-links.ts';

export function WriterRef({ writer, links }: { writer: FieldWriter; links: FieldLinks }) {
  return (
    <span title={writerSource(writer)} className="inline-flex flex-wrap items-baseline gap-1">
      <span className="font-medium">{writerText(writer)}</span>
      {writer.reconcileId ? (
        <Link
          to={links.reconcile(writer.reconcileId)}
          className="font-mono text-xs text-indigo-700 underline dark:text-indigo-300"
          aria-label={`Reconcile ${writer.reconcileId} of ${writer.controller ?? 'its controller'}`}
        >
          {writer.reconcileId.slice(0, 8)}
        </Link>
      ) : null}
    </span>
  );
}
