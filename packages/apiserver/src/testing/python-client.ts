/**
 * The official Kubernetes Python client, for tests that drive the embedded server with it.
 * Debian's `python3-kubernetes` installs it for /usr/bin/python3 (not for a pyenv python3 that
 * may come first on PATH); $DOJO_PYTHON names another interpreter that has it.
 */
import { spawnSync } from 'node:child_process';

export const pythonClientHelp =
  'The Python-client suite needs the official Kubernetes client for Python 3:\n' +
  '  - Debian/Ubuntu: sudo apt-get install python3-kubernetes   (npm test installs it when run as root on Debian)\n' +
  '  - elsewhere: pip install kubernetes, and set DOJO_PYTHON=/path/to/that/python3';

/** The first interpreter that can import `kubernetes`, or undefined. */
export function findPythonWithKubernetes(): string | undefined {
  const candidates = [process.env.DOJO_PYTHON, '/usr/bin/python3', 'python3'].filter((c): c is string => Boolean(c));
  return candidates.find((python) => spawnSync(python, ['-c', 'import kubernetes'], { stdio: 'ignore', timeout: 30_000 }).status === 0);
}
