/** Shows any failure as the Kubernetes Status it is: message, code and reason, field causes. */
import { StatusError } from '@dojo/kube-api';

export function ErrorNotice({ error, title = 'Something went wrong' }: { error: unknown; title?: string }) {
  const status = error instanceof StatusError ? error.status : undefined;
  const message = status?.message ?? (error instanceof Error ? error.message : String(error));
  return (
    <div
      role="alert"
      className="rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100"
    >
      <p className="font-medium">
        {title}
        {status ? (
          <span className="ml-2 font-mono text-xs text-rose-700 dark:text-rose-300">
            {status.code} {status.reason}
          </span>
        ) : null}
      </p>
      <p className="mt-1 break-words">{message}</p>
      {status?.details?.causes?.length ? (
        <ul className="mt-2 list-disc pl-5">
          {status.details.causes.map((cause, i) => (
            <li key={i}>
              {cause.field ? <span className="font-mono">{cause.field}: </span> : null}
              {cause.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** True when the server answered 404: the endpoint or object is not there (yet). */
export function isMissing(error: unknown): boolean {
  return error instanceof StatusError && error.code === 404;
}
