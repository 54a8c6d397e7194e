/**
 * "Add metrics endpoint": name, URL, an optional bearer token (controller-runtime's
 * `--metrics-secure` wants one) and, for https, the CA that signs the endpoint or skipping
 * verification. The console validates it (422 causes shown under their fields), scrapes it at
 * once and keeps it across restarts.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { useAddScrapeTarget } from '../api/scrape-targets.ts';
import { causeFor, onlyFieldCauses } from '../model/field-causes.ts';

const fields = ['name', 'url', 'bearerToken', 'ca', 'insecureSkipVerify'] as const;
const inputClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm font-normal dark:border-slate-600 dark:bg-slate-950';

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  children: (describedBy: string, invalid: boolean) => ReactNode;
}) {
  const id = useId();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      {children(id, error !== undefined)}
      <span id={id} className={`text-xs font-normal ${error ? 'text-rose-700 dark:text-rose-300' : 'text-slate-500 dark:text-slate-400'}`}>
        {error ?? hint}
      </span>
    </label>
  );
}

export function AddScrapeTargetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [ca, setCa] = useState('');
  const [skipVerify, setSkipVerify] = useState(false);
  const add = useAddScrapeTarget();
  const close = () => {
    add.reset();
    setName('');
    setUrl('');
    setToken('');
    setCa('');
    setSkipVerify(false);
    onClose();
  };
  const https = url.trim().toLowerCase().startsWith('https:');
  const cause = (field: (typeof fields)[number]) => causeFor(add.error, field);
  return (
    <Modal open={open} labelledBy={titleId} onCancel={close} className="max-w-xl">
      <form
        className="flex flex-col gap-3 p-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(
            {
              name: name.trim(),
              url: url.trim(),
              ...(token.trim() ? { bearerToken: token.trim() } : {}),
              ...(https && ca.trim() ? { ca } : {}),
              ...(https && skipVerify ? { insecureSkipVerify: true } : {}),
            },
            { onSuccess: close },
          );
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          Add metrics endpoint
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Scrape an operator's Prometheus endpoint every few seconds and show its controllers from controller-runtime's metrics. The console keeps it across
          restarts (in its data directory).
        </p>
        <Field label="Name" hint="Lower case letters, digits and “-”: it names the endpoint on its cards." error={cause('name')}>
          {(describedBy, invalid) => (
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              maxLength={63}
              placeholder="my-operator"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="URL" hint="http or https, like http://127.0.0.1:8080/metrics" error={cause('url')}>
          {(describedBy, invalid) => (
            <input
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              type="url"
              placeholder="https://my-operator.my-ns.svc:8443/metrics"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label="Bearer token (optional)"
          hint="Sent as Authorization: Bearer …; controller-runtime's --metrics-secure checks it with a TokenReview."
          error={cause('bearerToken')}
        >
          {(describedBy, invalid) => (
            <input
              value={token}
              onChange={(e) => setToken(e.target.value)}
              type="password"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className={inputClass}
            />
          )}
        </Field>
        {https ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-medium">TLS</legend>
            <Field label="CA certificate (optional, PEM)" hint="The CA that signs the endpoint's certificate; the system's CAs otherwise." error={cause('ca')}>
              {(describedBy, invalid) => (
                <textarea
                  value={ca}
                  onChange={(e) => setCa(e.target.value)}
                  rows={3}
                  disabled={skipVerify}
                  placeholder="-----BEGIN CERTIFICATE-----"
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  className={`${inputClass} text-xs`}
                />
              )}
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={skipVerify} onChange={(e) => setSkipVerify(e.target.checked)} />
              Skip certificate verification <span className="text-xs text-slate-500 dark:text-slate-400">(encrypted, but anyone could be answering)</span>
            </label>
            {cause('insecureSkipVerify') ? <span className="text-xs text-rose-700 dark:text-rose-300">{cause('insecureSkipVerify')}</span> : null}
          </fieldset>
        ) : null}
        {add.error && !onlyFieldCauses(add.error, fields) ? <ErrorNotice error={add.error} title="Could not add it" /> : null}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={add.isPending}>
            Add endpoint
          </Button>
        </div>
      </form>
    </Modal>
  );
}
