/**
 * What a first open teaches, while the operator's kinds have no objects (in the chosen
 * namespace): create one, connect an operator of your own, reach the same cluster with kubectl.
 */
import type { ServedResource } from '@dojo/console-protocol';
import type { Session } from '@dojo/console-protocol';
import { buttonClass } from '../../components/Button.tsx';
import { CommandBlock } from '../../components/CommandBlock.tsx';
import { Panel } from '../../components/Panel.tsx';
import { PathText } from '../../components/PathText.tsx';
import { connectCommandLine } from '../../features/activity/model/connect-command.ts';
import { Link } from '../../lib/router.tsx';
import { paths } from '../paths.ts';

const quoted = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`);

export function GettingStarted({ main, namespace, session }: { main: ServedResource; namespace: string | undefined; session: Session | undefined }) {
  const kubeconfig = session?.cluster.kubeconfig;
  return (
    <Panel title="Getting started" description={`No ${main.kind} objects${namespace ? ` in ${namespace}` : ''} yet. Three ways to begin:`}>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          <p className="font-medium">Create a {main.kind}</p>
          <p className="text-slate-600 dark:text-slate-400">
            The form comes from the kind's schema and the server checks it as you type. Then watch its reconciles on the Timeline and its keys in the Workqueue.
          </p>
          <Link to={paths.resourceCreate({ gvr: main, namespace })} className={`${buttonClass('primary')} mt-2`}>
            Create {main.kind}
          </Link>
        </li>
        <li>
          <p className="font-medium">Connect your own operator</p>
          <p className="text-slate-600 dark:text-slate-400">
            An operator in any language (Go, Rust, Python) gets its own credential for this cluster; the console then shows its requests and the reconciles it
            infers from them, beside the ones it runs itself.
          </p>
          {session?.cluster.dataDir ? (
            <CommandBlock label="Connect an operator" text={connectCommandLine('my-operator', session.cluster.dataDir)} />
          ) : (
            <p className="text-slate-600 dark:text-slate-400">
              On a cluster of your own, give the operator a ServiceAccount: the console sees it through the cluster's audit events.
            </p>
          )}
        </li>
        <li>
          <p className="font-medium">Use kubectl on the same cluster</p>
          {kubeconfig ? (
            <>
              <p className="text-slate-600 dark:text-slate-400">
                The kubeconfig is{' '}
                <code data-testid="kubeconfig-path" className="font-mono break-words">
                  <PathText text={kubeconfig} />
                </code>
                .
              </p>
              <CommandBlock label="kubectl command" text={`kubectl --kubeconfig ${quoted(kubeconfig)} get ${main.resource} -A`} />
            </>
          ) : (
            <p className="text-slate-600 dark:text-slate-400">The console runs inside the cluster: use the kubeconfig you reach that cluster with.</p>
          )}
        </li>
      </ol>
    </Panel>
  );
}
