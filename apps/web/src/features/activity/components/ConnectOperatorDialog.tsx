/**
 * "Connect an operator": names it, asks the console for a credential of its own (the same as
 * `dojo-console connect NAME`), then shows the kubeconfig and the command to run it with, per
 * framework. The operator needs no change: every request it makes is then its own.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { CommandBlock } from '../../../components/CommandBlock.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { PathText } from '../../../components/PathText.tsx';
import { useConnectClient } from '../api/connect-client.ts';
import { connectCommandLine } from '../model/connect-command.ts';

/** `dataDir`: the console's (Session.cluster.dataDir), for the same command in a terminal anywhere. */
export function ConnectOperatorDialog({ open, onClose, dataDir }: { open: boolean; onClose: () => void; dataDir?: string | undefined }) {
  const titleId = useId();
  const [name, setName] = useState('');
  const connect = useConnectClient();
  const close = () => {
    connect.reset();
    setName('');
    onClose();
  };
  const answer = connect.data;
  return (
    <Modal open={open} labelledBy={titleId} onCancel={close} className="max-w-2xl">
      <form
        className="flex flex-col gap-3 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!answer) connect.mutate({ name: name.trim() });
        }}
      >
        <h2 id={titleId} className="text-base font-semibold">
          Connect an operator
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Run your own operator — Go, Rust, Python, anything that reads a kubeconfig — against this cluster with a token of its own. The console then shows its
          requests, its reconciles (inferred from them), its conflicts, its watches and any hot loop, beside the embedded controllers. Nothing in the operator
          changes.
        </p>
        {answer ? (
          <section aria-label="How to run it" className="flex flex-col gap-2 text-sm">
            <p>
              Kubeconfig for <strong>{answer.name}</strong> ({answer.server}):
            </p>
            <code data-testid="kubeconfig-path" className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-words dark:bg-slate-800">
              <PathText text={answer.kubeconfigPath} />
            </code>
            <p>Run it with:</p>
            <ul className="flex flex-col gap-1.5">
              {answer.commands.map((c) => (
                <li key={c.framework}>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{c.framework}</span>
                  <CommandBlock label={`${c.framework} command`} text={c.command} />
                </li>
              ))}
            </ul>
            <p>The same credential from a terminal, in any directory:</p>
            <CommandBlock label="connect command" text={connectCommandLine(answer.name, dataDir)} />
          </section>
        ) : (
          <label className="flex flex-col gap-1 text-sm font-medium">
            Name
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              autoFocus
              pattern="[a-z0-9]([a-z0-9\-]*[a-z0-9])?"
              maxLength={63}
              placeholder="my-operator"
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm font-normal dark:border-slate-600 dark:bg-slate-950"
            />
            <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
              Lower case letters, digits and “-”: it names the operator in every view.
            </span>
          </label>
        )}
        {connect.error ? <ErrorNotice error={connect.error} title="Could not connect it" /> : null}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
          {answer ? (
            <Button variant="primary" onClick={close}>
              Done
            </Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="primary" disabled={connect.isPending || name.trim() === ''}>
                Connect
              </Button>
            </>
          )}
        </div>
      </form>
    </Modal>
  );
}
