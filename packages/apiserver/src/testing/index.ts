/**
 * @dojo/apiserver/testing — what tests outside this package use to check the console against
 * real clients and a real control plane: kubectl by version, the Python client, a client-go
 * program, kube-apiserver itself as an oracle (with kube-controller-manager, the scheduler and
 * kwok beside it), an HTTPS caller, and the embedded server started in this process.
 *
 * Misuse: product code never imports this entry; it builds programs and starts processes.
 */
export { kubectlRunner, newestKubectl, versionedKubectls, type KubectlResult, type KubectlRunner, type VersionedKubectl } from './kubectl.ts';
export { findPythonWithKubernetes, pythonClientHelp } from './python-client.ts';
export { buildClientGoCheck, runClientGoCheck, widget, widgetsCrd, type ClientGoRun, type ClientGoRunOptions } from './client-go.ts';
export {
  buildKubeOracle,
  kubeOracleAvailable,
  kubeOracleBuildTimeoutMs,
  kubeOracleModuleDir,
  kubeOracleVersion,
  startKubeOracle,
  type KubeOracle,
  type KubeOracleOptions,
} from './kube-oracle.ts';
export {
  kwokVersion,
  startKubeControlPlane,
  type ControlPlaneComponent,
  type ControlPlaneTarget,
  type KubeControlPlane,
  type KubeControlPlaneOptions,
} from './kube-control-plane.ts';
export { httpsCall, type CallResult, type HttpsTarget } from './https-call.ts';
export { startTestServer, type TestServer } from './test-server.ts';
export { allow, deny, patch, startWebhookServer, testWebhookCa, type ReceivedReview, type TestWebhookServer, type WebhookAnswer } from './webhook-server.ts';
