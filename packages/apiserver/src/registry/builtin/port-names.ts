/**
 * Port name and number rules shared by Ingress backends, NetworkPolicy ports and EndpointSlice
 * ports: apimachinery's validation.IsValidPortName and IsValidPortNum, with their messages.
 */

/** IsValidPortName: an IANA_SVC_NAME (at most 15 characters, a-z, 0-9 and single inner hyphens, one letter). */
export function portNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.length > 15) problems.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) problems.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) problems.push('must contain at least one letter (a-z)');
  if (name.includes('--')) problems.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('must not begin or end with a hyphen');
  return problems;
}

/** IsValidPortNum: 1..65535. */
export function portNumberProblems(port: number): string[] {
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}
