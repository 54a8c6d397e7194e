/**
 * The Logs tab of a Pod: one container's log (a picker when the Pod has several), the instance
 * before the last restart (`previous`), the last N lines, timestamps, and following live
 * lines, all as `kubectl logs` asks for them; on the embedded cluster the simulated kubelet
 * writes them, on a real one the node's kubelet does.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { usePodLog } from '../api/pod-log.ts';
import { allLines } from '../model/log-buffer.ts';

interface PodShape {
  spec?: { containers?: { name: string }[]; initContainers?: { name: string }[]; ephemeralContainers?: { name: string }[] };
  status?: { containerStatuses?: { name: string; restartCount?: number; containerID?: string; state?: { waiting?: { reason?: string } } }[] };
}

const tailChoices: { label: string; value: number | undefined }[] = [
  { label: 'Last 100 lines', value: 100 },
  { label: 'Last 500 lines', value: 500 },
  { label: 'Last 1,000 lines', value: 1000 },
  { label: 'Whole log', value: undefined },
];

const controlClass = 'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

export function PodLogs({ pod }: { pod: KubeObject }) {
  const shape = pod as KubeObject & PodShape;
  const regular = (shape.spec?.containers ?? []).map((c) => c.name);
  const names = [...regular, ...(shape.spec?.initContainers ?? []).map((c) => c.name), ...(shape.spec?.ephemeralContainers ?? []).map((c) => c.name)];
  const [container, setContainer] = useState(regular[0] ?? names[0] ?? '');
  const [previous, setPrevious] = useState(false);
  const [follow, setFollow] = useState(true);
  const [tail, setTail] = useState(1);
  const [timestamps, setTimestamps] = useState(false);
  const containerStatus = shape.status?.containerStatuses?.find((s) => s.name === container);
  const restarts = containerStatus?.restartCount ?? 0;
  const instance = `${containerStatus?.containerID ?? ''}/${containerStatus?.state?.waiting?.reason ?? ''}`;
  const state = usePodLog(
    container
      ? {
          namespace: pod.metadata.namespace ?? 'default',
          pod: pod.metadata.name ?? '',
          container,
          previous,
          follow: follow && !previous,
          tailLines: tailChoices[tail]?.value,
          timestamps,
          instance,
        }
      : undefined,
  );
  const lines = allLines(state.buffer);
  const output = useRef<HTMLPreElement>(null);
  const atBottom = useRef(true);
  // A followed log stays at its newest line unless the reader scrolled up to read.
  useEffect(() => {
    const element = output.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  const ids = { container: useId(), tail: useId() };
  const status =
    state.phase === 'loading'
      ? 'Loading…'
      : state.phase === 'streaming' && follow && !previous
        ? `Following · ${lines.length} lines`
        : `${lines.length} lines${state.buffer.dropped ? ` (the first ${state.buffer.dropped} no longer shown)` : ''}`;
  return (
    <Panel
      title="Logs"
      description={
        previous
          ? `The instance of ${container} before its last restart.`
          : `The current instance of ${container}${restarts ? ` (restarted ${restarts} times)` : ''}.`
      }
      bodyClassName=""
      actions={
        <>
          {names.length > 1 ? (
            <label htmlFor={ids.container} className="flex items-center gap-1 text-sm">
              Container
              <select id={ids.container} className={controlClass} value={container} onChange={(e) => setContainer(e.target.value)}>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label htmlFor={ids.tail} className="sr-only">
            Lines
          </label>
          <select id={ids.tail} className={controlClass} value={tail} onChange={(e) => setTail(Number(e.target.value))}>
            {tailChoices.map((choice, i) => (
              <option key={choice.label} value={i}>
                {choice.label}
              </option>
            ))}
          </select>
          <Toggle label="Previous" checked={previous} onChange={setPrevious} />
          <Toggle label="Follow" checked={follow && !previous} disabled={previous} onChange={setFollow} />
          <Toggle label="Timestamps" checked={timestamps} onChange={setTimestamps} />
        </>
      }
    >
      {state.phase === 'failed' ? (
        <div className="p-4">
          <ErrorNotice error={state.error} title="No log to show" />
        </div>
      ) : null}
      <p className="border-b border-slate-200 px-4 py-1.5 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400" aria-live="polite">
        {status}
      </p>
      <pre
        ref={output}
        role="log"
        aria-label={`Log of ${container}`}
        // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
        className="max-h-[60vh] min-h-40 overflow-auto bg-slate-950 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-100"
      >
        {lines.length ? lines.join('\n') : state.phase === 'loading' ? '' : 'The log is empty.'}
      </pre>
    </Panel>
  );
}

function Toggle({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={`flex items-center gap-1 text-sm ${disabled ? 'opacity-50' : ''}`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} className="accent-indigo-600" />
      {label}
    </label>
  );
}
