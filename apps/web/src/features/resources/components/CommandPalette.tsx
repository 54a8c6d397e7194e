/**
 * Search over the console's pages and controllers, every kind and every object, from anywhere: `/` (outside a text field) or
 * Ctrl-K / ⌘K opens it, as does the header's Search button. Type a name, or a kind and a name
 * as for kubectl ("po web"); arrows move, Enter opens, Escape closes. A combobox over a
 * listbox, so screen readers follow the highlighted result.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ServedResource } from '@dojo/console-protocol';
import { useNamespaceChoice } from '../../../lib/namespace-choice.ts';
import { navigate } from '../../../lib/router.tsx';
import { useObjectNames } from '../api/object-names.ts';
import { canList, useResourceTypes } from '../api/resource-types.ts';
import { searchPalette, type PaletteItem, type PaletteLink } from '../model/palette-search.ts';
import { inputClass } from './form/form-context.ts';

export interface PalettePaths {
  kind: (type: ServedResource) => string;
  object: (type: ServedResource, namespace: string | undefined, name: string) => string;
}

function typingInField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

const itemText = (item: PaletteItem) =>
  item.kind === 'link'
    ? item.label
    : item.kind === 'kind'
      ? `${item.type.kind} (${item.type.resource})`
      : `${item.namespace ? `${item.namespace}/` : ''}${item.name}`;
const itemTag = (item: PaletteItem) => (item.kind === 'link' ? item.what : item.kind === 'kind' ? 'kind' : item.type.kind);
const itemKey = (item: PaletteItem) =>
  item.kind === 'link'
    ? `link:${item.to}`
    : item.kind === 'kind'
      ? `kind:${item.type.group}/${item.type.resource}`
      : `${item.type.group}/${item.type.resource}/${item.namespace}/${item.name}`;

/** `useLinks(open)`: the console's own places to offer (pages, controllers), read while the palette is open. */
export function CommandPalette({ paths, useLinks }: { paths: PalettePaths; useLinks: (open: boolean) => PaletteLink[] }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const namespace = useNamespaceChoice();
  const { data: types } = useResourceTypes();
  const names = useObjectNames(types, namespace, open);
  const links = useLinks(open);
  const items = useMemo(
    () => (open ? searchPalette(query, (types ?? []).filter(canList), names.data ?? [], 50, links) : []),
    [open, query, types, names.data, links],
  );

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const go = (item: PaletteItem | undefined) => {
    if (!item) return;
    close();
    navigate(item.kind === 'link' ? item.to : item.kind === 'kind' ? paths.kind(item.type) : paths.object(item.type, item.namespace, item.name));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (items.length ? (a + step + items.length) % items.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(items[active]);
    }
  };
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="/ Control+K"
        className="flex items-center gap-2 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path fillRule="evenodd" d="M8.5 3a5.5 5.5 0 014.38 8.82l3.65 3.65-1.06 1.06-3.65-3.65A5.5 5.5 0 118.5 3zm0 1.5a4 4 0 100 8 4 4 0 000-8z" />
        </svg>
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd aria-hidden="true" className="hidden rounded border border-slate-300 px-1 text-xs sm:inline dark:border-slate-600">
          /
        </kbd>
      </button>
      <dialog
        ref={dialog}
        aria-label="Search kinds and objects"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => event.target === dialog.current && close()}
        className="mx-auto mt-[10vh] w-[min(40rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {open ? (
          <div className="flex flex-col">
            <div className="border-b border-slate-200 p-3 dark:border-slate-800">
              <input
                autoFocus
                type="text"
                role="combobox"
                aria-label="Search kinds and objects"
                aria-expanded={items.length > 0}
                aria-controls={`${id}-results`}
                aria-activedescendant={items.length ? optionId(active) : undefined}
                aria-autocomplete="list"
                placeholder={`A page, a name, or a kind and a name ("po web")${namespace ? ` in ${namespace}` : ''}`}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                className={inputClass}
              />
            </div>
            <ul id={`${id}-results`} role="listbox" aria-label="Results" className="max-h-[50vh] overflow-auto py-1">
              {items.map((item, i) => (
                <li
                  key={itemKey(item)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => go(item)}
                  className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 text-sm ${i === active ? 'bg-indigo-50 dark:bg-indigo-950/60' : ''}`}
                >
                  <bdi className="truncate font-medium">{itemText(item)}</bdi>
                  <span className="shrink-0 font-mono text-xs text-slate-600 dark:text-slate-400">{itemTag(item)}</span>
                </li>
              ))}
            </ul>
            <p role="status" className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              {names.isFetching && !names.data ? 'Loading object names…' : `${items.length} result${items.length === 1 ? '' : 's'}`}
              {namespace ? ` · objects in ${namespace} and cluster-scoped` : ''}
            </p>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
