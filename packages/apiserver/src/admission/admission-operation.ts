/** kube's admission.Operation: what a request does to the object. */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
