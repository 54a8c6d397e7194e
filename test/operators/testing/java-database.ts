/**
 * The seed's Database operator (examples/operators/java-database: the Java Operator SDK on
 * fabric8), packaged by Maven once and then found in the toolchain cache, run unmodified as its
 * own JVM with the kubeconfig `dojo-console connect NAME` writes; its Database kind.
 */
import { fileURLToPath } from 'node:url';
import { mavenPackage, type JavaCommand } from '@dojo/toolchains';
import { eventually, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './operator-console.ts';

export const javaDatabaseDir = fileURLToPath(new URL('../../../examples/operators/java-database/', import.meta.url));

export const packageJavaDatabase = (): Promise<JavaCommand> => mavenPackage(javaDatabaseDir, 'java-database-operator');

export const databases = (namespace: string) => `/apis/stable.imaginedata.com/v1/namespaces/${namespace}/databases`;

export const database = (name: string, namespace: string, spec: { port?: number; storage?: string; image?: string; replicas?: number } = {}) => ({
  apiVersion: 'stable.imaginedata.com/v1',
  kind: 'Database',
  metadata: { name, namespace },
  spec: {
    name: 'name-of-database',
    port: spec.port ?? 5432,
    'storage-size': spec.storage ?? '50G',
    image: spec.image ?? 'super-great-docker-image',
    replicas: spec.replicas ?? 3,
  },
});

/** The Database CRD (crd.yaml), applied and served. */
export async function installDatabaseCrd(view: OperatorConsole): Promise<void> {
  await view.kubectl(['apply', '-f', `${javaDatabaseDir}crd.yaml`]);
  await eventually(
    async () => (await view.admin('GET', databases('default'))).code === 200,
    () => 'the Database CRD to be served',
  );
}

/**
 * `dojo-console connect NAME`, then the operator as its own JVM watching `namespace`, once it
 * says it started (a JVM that exits first fails with its output). `jvmFlags` go before the
 * class path, `flags` after the namespace. The process joins `running` as soon as it starts.
 */
export async function startJavaDatabase(
  view: OperatorConsole,
  command: JavaCommand,
  running: OperatorProcess[],
  options: { name: string; namespace: string; jvmFlags?: string[]; flags?: string[] },
): Promise<OperatorProcess> {
  const kubeconfig = view.connect(options.name);
  const operator = startOperatorProcess(
    command.command,
    [...(options.jvmFlags ?? []), ...command.args, '--namespace', options.namespace, ...(options.flags ?? [])],
    { env: { KUBECONFIG: kubeconfig } },
  );
  running.push(operator);
  await eventually(
    () => operator.output().includes('java-database operator started') || (operator.exited() && Promise.reject(new Error(tail(operator.output())))),
    () => `${options.name} to start:\n${tail(operator.output())}`,
    90_000,
  );
  return operator;
}
