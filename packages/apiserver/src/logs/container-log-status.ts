/**
 * Which container instance's log a `pods/log` request reads, with the errors a person sees
 * from `kubectl logs`. Two checks, in kube's order:
 * - the API server's (pod.LogLocation's validateContainer): the container must be named when
 *   the Pod has several, and must be one of the Pod's;
 * - the kubelet's (validateContainerLogStatus), from the container's status: `previous` reads
 *   `lastState.terminated`; otherwise the running or terminated instance, else the last
 *   terminated one; a container still waiting has no log yet. The kubelet's answer is a 400
 *   whose body the API server passes on as the message (GenericHttpResponseChecker).
 */
import { newBadRequest, type KubeObject } from '@dojo/kube-api';

interface ContainerState {
  readonly waiting?: { readonly reason?: string };
  readonly running?: unknown;
  readonly terminated?: { readonly containerID?: string };
}

interface ContainerStatus {
  readonly name: string;
  readonly containerID?: string;
  readonly state?: ContainerState;
  readonly lastState?: ContainerState;
}

/** What of a Pod the checks read. */
export interface PodForLogs extends KubeObject {
  spec?: { containers?: { name: string }[]; initContainers?: { name: string }[]; ephemeralContainers?: { name: string }[]; nodeName?: string };
  status?: { containerStatuses?: ContainerStatus[]; initContainerStatuses?: ContainerStatus[]; ephemeralContainerStatuses?: ContainerStatus[] };
}

/** The Pod's containers in VisitContainers' order: init, regular, ephemeral. */
function containerNames(pod: PodForLogs): string[] {
  const spec = pod.spec ?? {};
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])].map((c) => c.name);
}

/** pod.LogLocation's validateContainer: the container the request reads. */
export function chooseContainer(pod: PodForLogs, requested: string | undefined): string {
  const name = pod.metadata.name ?? '';
  if (!requested) {
    const regular = pod.spec?.containers ?? [];
    if (regular.length === 1) return regular[0]!.name;
    if (regular.length === 0) throw newBadRequest(`a container name must be specified for pod ${name}`);
    throw newBadRequest(`a container name must be specified for pod ${name}, choose one of: [${containerNames(pod).join(' ')}]`);
  }
  if (!containerNames(pod).includes(requested)) throw newBadRequest(`container ${requested} is not valid for pod ${name}`);
  return requested;
}

/** The kubelet's validateContainerLogStatus: the containerID of the instance whose log is read. */
export function containerInstanceOf(pod: PodForLogs, container: string, previous: boolean): string {
  const podName = pod.metadata.name ?? '';
  const status = pod.status ?? {};
  const found = [...(status.containerStatuses ?? []), ...(status.initContainerStatuses ?? []), ...(status.ephemeralContainerStatuses ?? [])].find(
    (s) => s.name === container,
  );
  if (!found) throw newBadRequest(`container "${container}" in pod "${podName}" is not available`);
  const last = found.lastState?.terminated;
  const { waiting, running, terminated } = found.state ?? {};
  const terminatedError = () => newBadRequest(`container "${container}" in pod "${podName}" is terminated`);
  if (previous) {
    if (!last?.containerID) throw newBadRequest(`previous terminated container "${container}" in pod "${podName}" not found`);
    return last.containerID;
  }
  if (running) return found.containerID ?? '';
  if (terminated) {
    if (terminated.containerID) return terminated.containerID;
    if (last?.containerID) return last.containerID;
    throw terminatedError();
  }
  if (last) {
    if (!last.containerID) throw terminatedError();
    return last.containerID;
  }
  if (waiting) {
    switch (waiting.reason) {
      case 'ErrImagePull':
        throw newBadRequest(`container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`);
      case 'ImagePullBackOff':
        throw newBadRequest(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
      default:
        throw newBadRequest(`container "${container}" in pod "${podName}" is waiting to start: ${waiting.reason ?? ''}`);
    }
  }
  throw newBadRequest(`container "${container}" in pod "${podName}" is waiting to start - no logs yet`);
}
