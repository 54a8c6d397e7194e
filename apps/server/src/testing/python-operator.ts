/**
 * The Python controller (external-operators/python_operator.py) started as its own process in
 * a namespace of its own, with a connected client's kubeconfig, once its watch is open.
 */
import { fileURLToPath } from 'node:url';
import { startExternalProcess, type ExternalProcess } from './external-process.ts';
import type { ObservedServer } from './observed-server.ts';

const operatorScript = fileURLToPath(new URL('./external-operators/python_operator.py', import.meta.url));

export type PythonOperatorMode = 'converge' | 'flap' | 'stale';

export async function startPythonOperator(
  python: string,
  server: ObservedServer,
  name: string,
  namespace: string,
  mode: PythonOperatorMode,
): Promise<ExternalProcess> {
  await server.admin('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  const { kubeconfigPath } = server.connect(name);
  const operator = startExternalProcess(python, [operatorScript, namespace, mode], { KUBECONFIG: kubeconfigPath }, 'watching');
  try {
    await operator.ready;
  } catch (err) {
    await operator.stop();
    throw err;
  }
  return operator;
}
