/** Chooses the controller a view is about. */
import { useControllers } from '../api/controllers.ts';

export function ControllerPicker({ value, onChange, allowAll = false }: { value: string | undefined; onChange: (name: string | undefined) => void; allowAll?: boolean }) {
  const { data: controllers } = useControllers();
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      Controller
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950"
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
