// Installing a Debian package for the test suites when we may (root on Debian), quietly.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function isRootOnDebian() {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

/** apt-get update + install; true when both succeed. */
export function aptGetInstall(pkg) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
}
