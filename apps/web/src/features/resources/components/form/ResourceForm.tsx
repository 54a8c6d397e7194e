/**
 * The generated create/edit form for any kind. The form is the schema's (form-schema.ts); this
 * component only holds the draft, asks the server to dry-run it while the person types, places
 * the server's field errors under the fields, and shows the YAML that will be sent. An edit's
 * draft follows the live object in every field the person has not changed (use-rebasing-draft).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { stringify as toYaml } from 'yaml';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { Button } from '../../../../components/Button.tsx';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { useDryRun } from '../../api/dry-run.ts';
import { useResourceTypes } from '../../api/resource-types.ts';
import { readObject, useCreateObject, useUpdateObject } from '../../api/resource-writes.ts';
import { countProblems, problemsText } from '../../model/form-problems.ts';
import { allFieldIds, describedRootFields, formFieldsForKind, inputCount, longFormInputs, repeatedLabels, type FormField } from '../../model/form-schema.ts';
import type { KindSchemaNodes } from '../../model/schema-refs.ts';
import { editableObject, placeStatusCauses, setAt, withRest, type Json, type JsonObject } from '../../model/form-values.ts';
import { referenceTargetResolver } from '../../model/reference-target.ts';
import { isSecretResource } from '../../model/secret-changes.ts';
import { EditConflictNotice, type Reapplied } from './EditConflictNotice.tsx';
import { FieldView } from './FieldView.tsx';
import { FormContext, type FormState } from './form-context.ts';
import { metadataLabels, MetadataFields } from './MetadataFields.tsx';
import { useRebasingDraft } from './use-rebasing-draft.ts';

export interface ResourceFormProps {
  mode: 'create' | 'update';
  type: ServedResource;
  schema: KindSchemaNodes;
  initial: JsonObject;
  /** Edit mode: the object as it is now (editableObject), followed while the person edits. */
  live?: JsonObject;
  onSaved: (object: KubeObject) => void;
  onCancel: () => void;
}

const metadataIds = ['metadata.name', 'metadata.namespace', 'metadata'];

export function ResourceForm({ mode, type, schema, initial, live, onSaved, onCancel }: ResourceFormProps) {
  const { data: types } = useResourceTypes();
  const fields: FormField[] = useMemo(() => formFieldsForKind(schema.schema, referenceTargetResolver(types ?? []), schema.definitions), [schema, types]);
  const fieldIds = useMemo(() => [...metadataIds, ...allFieldIds(fields)], [fields]);
  const described = useMemo(() => describedRootFields(fields), [fields]);
  const repeated = useMemo(() => repeatedLabels(fields, metadataLabels), [fields]);
  const { draft, base, setDraft, conflicts, reapply } = useRebasingDraft(initial, live);
  const [reapplied, setReapplied] = useState<Reapplied>();
  const [reloading, setReloading] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  /** Every objection is shown: after Submit, or once the person asked where the problems are. */
  const [submitted, setSubmitted] = useState(false);
  /** Bumped to move focus to the first invalid field once the errors it asks about are on the page. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [showStored, setShowStored] = useState(false);

  const metadata = (draft.metadata ?? {}) as { name?: string; namespace?: string };
  const namespace = type.namespaced ? metadata.namespace || undefined : undefined;
  const target = { gvr: type, ...(namespace ? { namespace } : {}) };
  const body = useMemo(() => JSON.stringify(draft), [draft]);
  const settledBody = useDebouncedValue(body, 350);
  const dryRun = useDryRun(type, namespace, mode, settledBody);
  const create = useCreateObject(target);
  const update = useUpdateObject(target, metadata.name ?? '', base);
  const save = mode === 'create' ? create : update;
  const refused = mode === 'update' && isVersionConflict(save.error);

  // A 409 is about versions, not fields: the conflict notice explains it.
  const submitStatus = save.error instanceof StatusError && !refused && save.variables === draft ? save.error.status : undefined;
  const dryRunStatus = dryRun.data && !dryRun.data.ok && !(mode === 'update' && dryRun.data.status.reason === 'Conflict') ? dryRun.data.status : undefined;
  const placed = useMemo(() => placeStatusCauses(submitStatus ?? dryRunStatus, fieldIds), [submitStatus, dryRunStatus, fieldIds]);
  const checking = settledBody !== body || dryRun.isFetching;

  const setField = useCallback(
    (path: readonly string[], value: Json | undefined) =>
      setDraft((d) => (path.length ? setAt(d, path, value) : withRest(d, isJsonObject(value) ? value : {}, described))),
    [described, setDraft],
  );
  const touch = useCallback((id: string) => setTouched((t) => (t.has(id) ? t : new Set(t).add(id))), []);
  const form: FormState = {
    draft,
    setField,
    touch,
    namespace,
    mode,
    described,
    repeatedLabels: repeated,
    foldOptionalGroups: inputCount(fields) > longFormInputs,
    errorsFor: (id) => (errorsShownFor(id) ? (placed.byField.get(id) ?? []) : []),
    hasProblemsUnder: (id) => [...placed.byField.keys()].some((placedId) => (placedId === id || placedId.startsWith(`${id}.`)) && errorsShownFor(placedId)),
  };
  function errorsShownFor(id: string): boolean {
    return submitted || touched.has(id) || [...touched].some((t) => t.startsWith(`${id}.`));
  }
  const unplacedShown = submitted || touched.size > 0;
  const problems = countProblems(placed, errorsShownFor, unplacedShown);

  // Focus waits for the answer a Submit is waiting on, then lands on the first field it marks.
  useEffect(() => {
    if (focusRequest === 0 || save.isPending) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-group-problem]');
    const target = first?.hasAttribute('data-group-problem') ? first.closest('fieldset')?.querySelector<HTMLElement>('input, select, textarea') : first;
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'center' });
    }
    setFocusRequest(0);
  }, [focusRequest, save.isPending, placed]);
  const showProblems = () => {
    setSubmitted(true);
    setFocusRequest((n) => n + 1);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setReapplied(undefined);
    setFocusRequest((n) => n + 1);
    save.mutate(draft, { onSuccess: onSaved });
  };
  const reloadAndReapply = () => {
    setReloading(true);
    readObject(target, metadata.name ?? '')
      .then((latest) => {
        setReapplied({ kept: reapply(editableObject(latest)) });
        save.reset();
      })
      .catch((error: unknown) => setReapplied({ failed: error instanceof Error ? error.message : String(error) }))
      .finally(() => setReloading(false));
  };

  return (
    <FormContext.Provider value={form}>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A control focused by Tab or by the problems link scrolls clear of the sticky footer and header. */}
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-label={`${mode === 'create' ? 'Create' : 'Edit'} ${type.kind}`}
          className="flex flex-col gap-6 [&_:is(input,select,textarea,button)]:scroll-mt-20 [&_:is(input,select,textarea)]:scroll-mb-36"
        >
          {mode === 'update' ? (
            <EditConflictNotice
              kind={type.kind}
              valuesHidden={isSecretResource(type)}
              refused={refused}
              conflicts={conflicts}
              reapplied={reapplied}
              busy={reloading}
              onReapply={reloadAndReapply}
            />
          ) : null}
          <MetadataFields type={type} />
          {fields.map((field) => (
            <FieldView key={field.id} field={field} />
          ))}
          <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {mode === 'create' ? `Create ${type.kind}` : 'Save changes'}
            </Button>
            <Button onClick={onCancel}>Cancel</Button>
            <p role="status" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
              {save.isPending ? (
                'Saving…'
              ) : refused ? (
                'Not saved: someone else changed it meanwhile (see the top of the form).'
              ) : checking ? (
                'Checking with the server…'
              ) : dryRun.isError ? (
                'The server could not check this draft.'
              ) : dryRun.data?.ok ? (
                'The server accepts this draft (dry run).'
              ) : problems.shown || problems.notYetShown ? (
                <ProblemsSummary shown={problems.shown} notYetShown={problems.notYetShown} onShow={showProblems} />
              ) : (
                ''
              )}
            </p>
          </div>
          {(placed.unplaced.length || placed.admissionRefusal) && unplacedShown ? (
            <div
              role="alert"
              className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100"
            >
              {[...(placed.admissionRefusal ? [placed.admissionRefusal] : []), ...placed.unplaced].map((message, i) => (
                <p key={i}>{message}</p>
              ))}
            </div>
          ) : null}
          {save.error && !refused && !(save.error instanceof StatusError && save.error.status.details?.causes?.length) && !submitStatus ? (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
              {save.error.message}
            </p>
          ) : null}
        </form>
        <aside aria-label="YAML preview" className="xl:sticky xl:top-4 xl:self-start">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">{showStored ? 'As the server would store it' : 'YAML to be sent'}</h3>
            <label className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
              <input type="checkbox" checked={showStored} onChange={(event) => setShowStored(event.target.checked)} disabled={!dryRun.data?.ok} />
              With server defaults
            </label>
          </div>
          <pre
            aria-label={showStored ? 'Object as the server would store it' : 'YAML to be sent'}
            tabIndex={0}
            className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100 dark:border-slate-700"
          >
            {toYaml(showStored && dryRun.data?.ok ? withoutManagedFields(dryRun.data.object) : draft)}
          </pre>
        </aside>
      </div>
    </FormContext.Provider>
  );
}

/** "The server reports 2 problems (dry run)": the count is a button that shows them all and focuses the first. */
function ProblemsSummary({ shown, notYetShown, onShow }: { shown: number; notYetShown: number; onShow: () => void }) {
  const link = 'font-medium text-rose-700 underline underline-offset-2 hover:text-rose-900 dark:text-rose-300 dark:hover:text-rose-100';
  return shown ? (
    <>
      The server reports{' '}
      <button type="button" className={link} onClick={onShow}>
        {problemsText(shown)}
      </button>
      {notYetShown ? `, and ${notYetShown} more in fields not filled in yet` : ''} (dry run).
    </>
  ) : (
    <>
      The server reports{' '}
      <button type="button" className={link} onClick={onShow}>
        {problemsText(notYetShown)}
      </button>{' '}
      in fields not filled in yet (dry run).
    </>
  );
}

/** 409 Conflict on an update: the resourceVersion sent is not the latest (a create's 409 is AlreadyExists). */
function isVersionConflict(error: unknown): boolean {
  return error instanceof StatusError && error.code === 409 && error.status.reason === 'Conflict';
}

function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutManagedFields(object: KubeObject): KubeObject {
  const { managedFields: _managed, ...metadata } = object.metadata;
  return { ...object, metadata };
}
