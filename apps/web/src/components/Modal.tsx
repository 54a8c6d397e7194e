/** A modal on the native <dialog>: shown while `open`, focus trapped by the browser, Escape asks `onCancel`. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({
  open,
  labelledBy,
  onCancel,
  className = 'max-w-md',
  children,
}: {
  open: boolean;
  labelledBy: string;
  onCancel: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className={`m-auto w-full rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
    >
      {children}
    </dialog>
  );
}
