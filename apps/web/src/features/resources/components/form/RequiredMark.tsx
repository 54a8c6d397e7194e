/**
 * The asterisk after a required field's or group's label. It is hidden from assistive
 * technology: inputs say "required" with `aria-required` (FieldShell) instead.
 */
export function RequiredMark({ required, className }: { required: boolean | undefined; className?: string }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className={className ? `${className} text-rose-600 dark:text-rose-400` : 'text-rose-600 dark:text-rose-400'}>
      *
    </span>
  );
}
