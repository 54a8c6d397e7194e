/**
 * Chooses the controller a view is about. A select is as wide as its longest option
 * (persistentvolumeclaim-protection-controller): it may shrink, so a phone does not scroll sideways.
 */
import { useControllers } from '../api/controllers.ts';

export function ControllerPicker({
  value,
  onChange,
  allowAll = false,
}: {
  value: string | undefined;
  onChange: (name: string | undefined) => void;
  allowAll?: boolean;
}) {
  const { data: controllers } = useControllers();
  return (
    <label className="flex min-w-0 max-w-full items-center gap-2 text-sm font-medium">
      Controller
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="min-w-0 max-w-full flex-1 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950"
      >
        {allowAll ? <option value="">All controllers</option> : value ? null : <option value="">Choose…</option>}
        {(controllers ?? []).map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
