/**
 * A route as data: a path pattern and the search params a page declares, parsed from a location
 * into one typed object and built back into a URL from the same object, so a page links to
 * itself with one filter changed by building its own route.
 *
 * Patterns are literal segments and `:name` params; only the last may be optional (`:name?`).
 * Segments are decoded before matching (a malformed escape is kept as written) and encoded when
 * built; empty segments are ignored, so `/timeline/` is `/timeline`.
 */

/** One search parameter: how its text reads as a value, and back (undefined leaves it out). */
export interface SearchParam<T> {
  parse(raw: string | null): T;
  format(value: T): string | undefined;
}

/** Free text; absent when empty. */
export const textParam: SearchParam<string | undefined> = {
  parse: (raw) => raw || undefined,
  format: (value) => value || undefined,
};

/** A non-negative integer (epoch ms, say); anything else reads as absent. */
export const intParam: SearchParam<number | undefined> = {
  parse: (raw) => (raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined),
  format: (value) => (value === undefined ? undefined : String(value)),
};

/** One of `values`; anything else reads as `fallback`, which is left out of URLs. */
export function oneOfParam<T extends string>(values: readonly T[], fallback: T): SearchParam<T> {
  return {
    parse: (raw) => values.find((v) => v === raw) ?? fallback,
    format: (value) => (value === fallback ? undefined : value),
  };
}

export type SearchSpec = Record<string, SearchParam<unknown>>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};
type ValueOf<P> = P extends SearchParam<infer T> ? T : never;
type UndefinedKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
/** Search values as parsed: those that may be absent are optional. */
export type SearchValues<S extends SearchSpec> = Flatten<
  { [K in Exclude<keyof S, UndefinedKeys<{ [Q in keyof S]: ValueOf<S[Q]> }>>]: ValueOf<S[K]> } & {
    [K in UndefinedKeys<{ [Q in keyof S]: ValueOf<S[Q]> }>]?: Exclude<ValueOf<S[K]>, undefined> | undefined;
  }
>;

/** Search values in a link: any may be left out, or given as undefined (build writes neither). */
type LinkValues<T> = { [K in keyof T]?: T[K] | undefined };

type SegmentParams<S extends string> = S extends `:${infer N}?` ? { [K in N]?: string | undefined } : S extends `:${infer N}` ? { [K in N]: string } : unknown;
type PatternParams<P extends string> = P extends `${infer Head}/${infer Rest}` ? SegmentParams<Head> & PatternParams<Rest> : SegmentParams<P>;
/** `'/a/:b/:c?'` -> `{ b: string; c?: string | undefined }`. */
export type PathParams<P extends string> = Flatten<PatternParams<P extends `/${infer Rest}` ? Rest : P>>;

export interface Route<Params, Link = Params> {
  /** The params of a location (its decoded path segments and search), or undefined when it is not this route's. */
  parse(segments: readonly string[], search: URLSearchParams): Params | undefined;
  /** The URL, path and search, of the location with these params. */
  build(link: Link): string;
}

export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** A route for a path pattern and the search params its page declares. */
export function pathRoute<const P extends string, S extends SearchSpec = Record<never, never>>(
  pattern: P,
  search: S = {} as S,
): Route<Flatten<PathParams<P> & SearchValues<S>>, Flatten<PathParams<P> & LinkValues<SearchValues<S>>>> {
  const parts = pathSegments(pattern);
  const param = (part: string) => (part.startsWith(':') ? { name: part.slice(1).replace(/\?$/, ''), optional: part.endsWith('?') } : undefined);
  return {
    parse(segments, query) {
      const required = parts.filter((p) => !param(p)?.optional).length;
      if (segments.length < required || segments.length > parts.length) return undefined;
      const values: Record<string, unknown> = {};
      for (const [i, part] of parts.entries()) {
        const p = param(part);
        const segment = segments[i];
        if (!p) {
          if (segment !== part) return undefined;
        } else if (segment !== undefined) values[p.name] = segment;
      }
      for (const [name, spec] of Object.entries(search)) {
        const value = spec.parse(query.get(name));
        if (value !== undefined) values[name] = value;
      }
      return values as never;
    },
    build(link) {
      const values = link as Record<string, unknown>;
      const path = parts
        .map((part) => {
          const p = param(part);
          if (!p) return part;
          const value = values[p.name];
          return value === undefined || value === '' ? undefined : encodeURIComponent(String(value));
        })
        .filter((segment) => segment !== undefined);
      const query = new URLSearchParams();
      for (const [name, spec] of Object.entries(search)) {
        const value = values[name];
        const text = value === undefined ? undefined : spec.format(value);
        if (text !== undefined) query.set(name, text);
      }
      const text = query.toString();
      return `/${path.join('/')}${text ? `?${text}` : ''}`;
    },
  };
}

/** A route whose params are shaped for its page: `parse` and `build` translate to and from the pattern's. */
export function mapRoute<RawParams, RawLink, Params, Link>(
  route: Route<RawParams, RawLink>,
  map: { parse(raw: RawParams): Params | undefined; build(link: Link): RawLink },
): Route<Params, Link> {
  return {
    parse: (segments, search) => {
      const raw = route.parse(segments, search);
      return raw === undefined ? undefined : map.parse(raw);
    },
    build: (link) => route.build(map.build(link)),
  };
}
