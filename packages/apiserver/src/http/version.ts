/**
 * The Kubernetes version the embedded server claims at /version and in its OpenAPI documents:
 * the release whose API semantics it implements (1.37), so that version-aware clients, and the
 * kubectl dispatcher picking a kubectl for the server, choose what works with it.
 */
export const kubernetesVersion = {
  major: '1',
  minor: '37',
  // A 1.37 binary emulating its own version, compatible back to 1.36 (compatibility versions, KEP-4330).
  emulationMajor: '1',
  emulationMinor: '37',
  minCompatibilityMajor: '1',
  minCompatibilityMinor: '36',
  gitVersion: 'v1.37.2-dojo',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.26.10',
  compiler: 'gc',
  platform: 'linux/amd64',
};

/** "v1.37.2": the version OpenAPI documents carry. */
export const openApiVersion = kubernetesVersion.gitVersion.replace(/-.*$/, '');
