/**
 * Edit any object as YAML and apply it the way `kubectl apply --server-side` does, with the
 * console's field manager. Nothing is written before the server has dry-run the exact text and
 * the person has seen what it changes. Fields other managers own come back as a list (field,
 * owner); taking them over ("force") is a choice of its own, reviewed by a dry run too.
 */
import { useId, useMemo, useState } from 'react';
import { parse as parseYaml } from 'yaml';
import { StatusError, type GroupVersionResource, type KubeObject } from '@dojo/kube-api';
import { Button } from '../../../../components/Button.tsx';
import { DataTable } from '../../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../../components/ErrorNotice.tsx';
import { applyObject } from '../../api/resource-writes.ts';
import { applyConfiguration, applyConflicts, consoleFieldManager, reviewYaml, type ApplyConflict } from '../../model/apply-config.ts';
import { diffLines } from '../../model/line-diff.ts';
import { inputClass } from '../form/form-context.ts';
import { LineDiff } from './LineDiff.tsx';

type Review =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ready'; text: string; force: boolean; result: KubeObject }
  | { state: 'conflicts'; text: string; conflicts: ApplyConflict[] }
  | { state: 'failed'; error: unknown }
  | { state: 'applied'; changed: number };

function yamlProblem(text: string): string | undefined {
  try {
    const value: unknown = parseYaml(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : 'The YAML must be one object.';
  } catch (error) {
    return `YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

export function YamlApply({ gvr, object, onDone }: { gvr: GroupVersionResource; object: KubeObject; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState(() => applyConfiguration(object));
  const [review, setReview] = useState<Review>({ state: 'idle' });
  const target = { gvr, ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}) };
  const name = object.metadata.name ?? '';
  const problem = yamlProblem(text);
  const diff = useMemo(() => (review.state === 'ready' ? diffLines(reviewYaml(object), reviewYaml(review.result)) : []), [review, object]);
  const changed = diff.filter((l) => l.kind !== 'same').length;

  const dryRun = async (force: boolean) => {
    setReview({ state: 'checking' });
    try {
      setReview({ state: 'ready', text, force, result: await applyObject(target, name, text, { dryRun: true, force }) });
    } catch (error) {
      const conflicts = error instanceof StatusError ? applyConflicts(error.status) : [];
      setReview(conflicts.length ? { state: 'conflicts', text, conflicts } : { state: 'failed', error });
    }
  };
  const apply = async (force: boolean) => {
    try {
      await applyObject(target, name, text, { force });
      setReview({ state: 'applied', changed });
    } catch (error) {
      const conflicts = error instanceof StatusError ? applyConflicts(error.status) : [];
      setReview(conflicts.length ? { state: 'conflicts', text, conflicts } : { state: 'failed', error });
    }
  };
  // A review is of one text: editing it asks for a new one.
  const current = (review.state === 'ready' || review.state === 'conflicts') && review.text !== text ? { state: 'idle' as const } : review;

  return (
    <section aria-label="Apply YAML" className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Server-side apply as field manager <code className="font-mono">{consoleFieldManager}</code>: the console becomes an owner of every field written here; a
        field deleted here goes away unless another manager owns it. The server dry-runs it first.
      </p>
      <label htmlFor={`${id}-yaml`} className="text-sm font-medium">
        YAML to apply
      </label>
      <textarea
        id={`${id}-yaml`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={Math.min(30, Math.max(8, text.split('\n').length + 1))}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className={`${inputClass} font-mono text-xs`}
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-xs text-rose-700 dark:text-rose-300">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={() => void dryRun(false)} disabled={Boolean(problem) || current.state === 'checking'}>
          Review changes (dry run)
        </Button>
        <Button onClick={onDone}>{current.state === 'applied' ? 'Close' : 'Cancel'}</Button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {current.state === 'checking' ? 'Asking the server (dry run)…' : current.state === 'applied' ? `Applied (${current.changed} changed lines).` : ''}
        </span>
      </div>
      {current.state === 'failed' ? <ErrorNotice error={current.error} title="The server refused this YAML" /> : null}
      {current.state === 'conflicts' ? (
        <div
          role="alert"
          aria-label="Apply conflicts"
          className="flex flex-col gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p className="font-medium">
            {current.conflicts.length} field{current.conflicts.length === 1 ? '' : 's'} would change away from what another manager set. Nothing was applied.
          </p>
          <DataTable
            caption="Fields owned by other managers"
            rows={current.conflicts}
            rowKey={(c, i) => `${c.field}-${c.manager}-${i}`}
            columns={[
              { id: 'field', header: 'Field', cell: (c) => <code className="font-mono">{c.field}</code> },
              { id: 'manager', header: 'Owned by', cell: (c) => <bdi className="font-mono">{c.manager}</bdi> },
              { id: 'how', header: 'How', cell: (c) => c.how },
            ]}
          />
          <p>
            Leave those fields as they are in the YAML to keep them theirs, or take them over: force makes {consoleFieldManager} their owner, and their manager
            may set them back.
          </p>
          <div>
            <Button onClick={() => void dryRun(true)}>Review with force (dry run)</Button>
          </div>
        </div>
      ) : null}
      {current.state === 'ready' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            The server accepts this{current.force ? ', taking over the contested fields' : ''} (dry run):{' '}
            {changed ? `${changed} changed lines.` : 'it changes nothing.'}
          </p>
          <LineDiff label="Changes the apply would make" lines={diff} />
          <div>
            <Button variant={current.force ? 'danger' : 'primary'} onClick={() => void apply(current.force)}>
              {current.force ? 'Apply with force' : 'Apply'}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
