/**
 * The apiextensions.k8s.io/v1 wire types this directory works on: `JSONSchemaProps` (the subset
 * of OpenAPI v3 that CRDs accept) and `CustomResourceDefinition` itself. Field names and
 * optionality follow the Kubernetes JSON exactly, so a CRD read from YAML needs no translation.
 */
import type { ObjectMeta } from '@dojo/kube-api';

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

/** `FieldValueErrorReason` of a validation rule: which field.Error constructor reports a failure. */
export type ValidationRuleReason = 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';

/** One `x-kubernetes-validations` entry: a CEL rule evaluated with `self` (and `oldSelf`). */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: ValidationRuleReason | string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

export interface JSONSchemaProps {
  type?: SchemaType | string;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  default?: JSONValue;
  example?: JSONValue;
  enum?: JSONValue[];

  properties?: Record<string, JSONSchemaProps>;
  required?: string[];
  /** `true`/`false` or a schema for map values. Mutually exclusive with `properties` in CRDs. */
  additionalProperties?: boolean | JSONSchemaProps;
  minProperties?: number;
  maxProperties?: number;

  items?: JSONSchemaProps;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;

  minLength?: number;
  maxLength?: number;
  pattern?: string;

  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;

  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;

  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map' | string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular' | string;
  'x-kubernetes-validations'?: ValidationRule[];

  /** Not supported by CRDs; typed only so validation can reject them with Kubernetes' words. */
  $ref?: string;
  id?: string;
  patternProperties?: Record<string, JSONSchemaProps>;
  definitions?: Record<string, JSONSchemaProps>;
  dependencies?: Record<string, unknown>;
  additionalItems?: boolean | JSONSchemaProps;
}

export interface CustomResourceDefinitionNames {
  plural: string;
  singular?: string;
  kind: string;
  listKind?: string;
  shortNames?: string[];
  categories?: string[];
}

export interface CustomResourceSubresourceScale {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface CustomResourceSubresources {
  /** Presence (even `{}`) enables the /status subresource. */
  status?: Record<string, never>;
  scale?: CustomResourceSubresourceScale;
}

export interface CustomResourceColumnDefinition {
  name: string;
  type: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath: string;
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: CustomResourceSubresources;
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  selectableFields?: { jsonPath: string }[];
}

export interface WebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
  caBundle?: string;
}

export interface CustomResourceConversion {
  strategy: 'None' | 'Webhook' | string;
  webhook?: { clientConfig?: WebhookClientConfig; conversionReviewVersions: string[] };
}

export interface CustomResourceDefinitionSpec {
  group: string;
  names: CustomResourceDefinitionNames;
  scope: 'Namespaced' | 'Cluster' | string;
  versions: CustomResourceDefinitionVersion[];
  conversion?: CustomResourceConversion;
  preserveUnknownFields?: boolean;
}

export interface CustomResourceDefinitionCondition {
  type: 'Established' | 'NamesAccepted' | 'NonStructuralSchema' | 'Terminating' | 'KubernetesAPIApprovalPolicyConformant' | string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface CustomResourceDefinitionStatus {
  conditions?: CustomResourceDefinitionCondition[];
  acceptedNames?: Partial<CustomResourceDefinitionNames>;
  storedVersions?: string[];
}

export interface CustomResourceDefinition {
  apiVersion?: 'apiextensions.k8s.io/v1';
  kind?: 'CustomResourceDefinition';
  metadata: ObjectMeta;
  spec: CustomResourceDefinitionSpec;
  status?: CustomResourceDefinitionStatus;
}
