/**
 * apimachinery's ValidateLabelSelector (meta/v1/validation) for a metav1.LabelSelector in an
 * object: matchLabels as labels, and each requirement's operator, values and key; plus the
 * second error kube's callers add when metav1.LabelSelectorAsSelector cannot parse it either
 * ("invalid label selector.", its bad value the nil selector, printed "null").
 */
import { fieldError, validateLabelValue, validateQualifiedName, type FieldError } from '@dojo/kube-api';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function validateRequirement(requirement: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = Array.isArray(requirement.values) ? (requirement.values as unknown[]) : [];
  const operator = requirement.operator ?? '';
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length === 0) errs.push(fieldError.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (operator === 'Exists' || operator === 'DoesNotExist') {
    if (values.length > 0) errs.push(fieldError.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else errs.push(fieldError.invalid(`${path}.operator`, operator, 'not a valid selector operator'));
  const key = typeof requirement.key === 'string' ? requirement.key : '';
  for (const msg of validateQualifiedName(key)) errs.push(fieldError.invalid(`${path}.key`, key, msg));
  values.forEach((value, i) => {
    if (typeof value === 'string') for (const msg of validateLabelValue(value)) errs.push(fieldError.invalid(`${path}.values[${i}]`, value, msg));
  });
  return errs;
}

/** The errors of one selector at `path`; none for an absent one. */
export function validateLabelSelector(selector: unknown, path: string): FieldError[] {
  if (!isObject(selector)) return [];
  const errs: FieldError[] = [];
  if (isObject(selector.matchLabels)) {
    for (const [key, value] of Object.entries(selector.matchLabels)) {
      for (const msg of validateQualifiedName(key)) errs.push(fieldError.invalid(`${path}.matchLabels`, key, msg));
      if (typeof value === 'string') for (const msg of validateLabelValue(value)) errs.push(fieldError.invalid(`${path}.matchLabels`, value, msg));
    }
  }
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  expressions.forEach((requirement, i) => {
    if (isObject(requirement)) errs.push(...validateRequirement(requirement, `${path}.matchExpressions[${i}]`));
  });
  // LabelSelectorAsSelector refuses exactly what the checks above refuse.
  if (errs.length) errs.push(fieldError.invalid(path, 'null', 'invalid label selector.'));
  return errs;
}
