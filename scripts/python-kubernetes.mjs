// Makes the official Kubernetes Python client available to the Python-client suite
// (packages/apiserver/src/api-server.python-client.test.ts), installing Debian's
// python3-kubernetes when we are root on Debian, as chromium.mjs does for Chromium.
// Order: $DOJO_PYTHON, /usr/bin/python3, python3 (whichever imports `kubernetes`), then
// apt-get install python3-kubernetes. Returns the interpreter, or undefined after saying loudly
// what to install (the suite then skips itself).
import { spawnSync } from 'node:child_process';
import { aptGetInstall, isRootOnDebian } from './apt-packages.mjs';

const debianPython = '/usr/bin/python3';

function hasClient(python) {
  return spawnSync(python, ['-c', 'import kubernetes'], { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

function installDebianPackage() {
  console.log('[python] the Kubernetes Python client is missing; installing the Debian package "python3-kubernetes" (apt-get)...');
  return aptGetInstall('python3-kubernetes') && hasClient(debianPython);
}

export function findPythonKubernetes() {
  const candidates = [process.env.DOJO_PYTHON, debianPython, 'python3'].filter(Boolean);
  const found = candidates.find(hasClient);
  if (found) return found;
  if (isRootOnDebian() && installDebianPackage()) return debianPython;
  console.error(
    '\n[python] *** The Python-client suite will be SKIPPED: no Python 3 with the official Kubernetes client. Do one of:\n' +
      '  - on Debian/Ubuntu: sudo apt-get install python3-kubernetes   (for /usr/bin/python3)\n' +
      '  - elsewhere: pip install kubernetes, then set DOJO_PYTHON=/path/to/that/python3 ***\n',
  );
  return undefined;
}
