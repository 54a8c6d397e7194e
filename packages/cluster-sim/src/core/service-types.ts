/**
 * The slices of core/v1 Service and Endpoints and discovery.k8s.io/v1 EndpointSlice that the
 * endpoints controllers read and write, typed as they travel on the wire.
 */
import type { KubeObject } from '@dojo/kube-api';

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: string;
  appProtocol?: string;
}

export interface Service extends KubeObject {
  spec: {
    selector?: Record<string, string>;
    ports?: ServicePort[];
    clusterIP?: string;
    publishNotReadyAddresses?: boolean;
    [field: string]: unknown;
  };
}

export interface PodReference {
  kind: 'Pod';
  namespace?: string | undefined;
  name: string;
  uid?: string | undefined;
}

export interface EndpointAddress {
  ip: string;
  hostname?: string;
  nodeName?: string;
  targetRef: PodReference;
}

export interface EndpointPort {
  name?: string;
  port: number;
  protocol?: string;
  appProtocol?: string;
}

export interface EndpointSubset {
  addresses?: EndpointAddress[];
  notReadyAddresses?: EndpointAddress[];
  ports?: EndpointPort[];
}

export interface Endpoints extends KubeObject {
  subsets?: EndpointSubset[];
}

export interface SliceEndpoint {
  addresses: string[];
  conditions: { ready: boolean; serving: boolean; terminating: boolean };
  hostname?: string;
  targetRef: PodReference;
  nodeName?: string;
}

export interface EndpointSlice extends KubeObject {
  addressType: 'IPv4' | 'IPv6' | 'FQDN';
  endpoints: SliceEndpoint[];
  ports?: EndpointPort[];
}
