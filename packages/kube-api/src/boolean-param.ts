/**
 * Boolean query parameters, read the way kube-apiserver's parameter codec reads them
 * (runtime.Convert_Slice_string_To_bool): absent is unset; the first value `0` or `false` in
 * any letter case is false; anything else, the empty string included, is true. So Python's
 * `watch=True`, Go's `watch=true` and a bare `?watch=` all open a watch.
 */

/** The parameter's value, or undefined when the query does not carry it (a `*bool` left nil). */
export function booleanParam(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  return !(value === '0' || value.toLowerCase() === 'false');
}

/** The parameter as a plain `bool`: unset reads as false. */
export function isParamTrue(query: URLSearchParams, name: string): boolean {
  return booleanParam(query, name) ?? false;
}
