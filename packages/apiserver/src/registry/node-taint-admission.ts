/**
 * The TaintNodesByCondition admission plugin (plugin/pkg/admission/nodetaint): every Node is
 * created tainted `node.kubernetes.io/not-ready:NoSchedule`, so no Pod lands on it before it is
 * known to be Ready; the node lifecycle controller lifts the taint once it is.
 */
import { notReadyTaint, type KubeObject } from '@dojo/kube-api';
import type { Admission } from './admission.ts';
import { nodes } from './builtin/core-cluster-kinds.ts';
import { record } from './builtin/unstructured.ts';

export const nodeTaintAdmission: Admission = {
  mutateCreate(info, obj: KubeObject) {
    if (info.bucket !== nodes.bucket) return;
    const spec = record(obj.spec);
    obj.spec = spec;
    const taints = Array.isArray(spec.taints) ? (spec.taints as unknown[]).map(record) : [];
    // Taint.MatchTaint: the same key and effect is the same taint, whatever its value.
    if (taints.some((t) => t.key === notReadyTaint.key && t.effect === notReadyTaint.effect)) return;
    spec.taints = [...taints, { ...notReadyTaint }];
  },
};
