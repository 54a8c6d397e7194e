/**
 * Schema `pattern`s are Go RE2 expressions. Most are valid JavaScript as written; this adapts the
 * RE2-only spellings CRD authors actually use (leading `(?i)`, `\A`, `\z`, `\pL`) and caches the
 * result, since the same pattern is checked on every object.
 */

const cache = new Map<string, RegExp | Error>();

function translate(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([ims]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    flags += inline[1]; // RE2's i, m and s mean what they mean in JavaScript
  }
  source = source.replaceAll('\\A', '^').replaceAll('\\z', '$');
  source = source.replace(/\\p([A-Z])/g, '\\p{$1}').replace(/\\P([A-Z])/g, '\\P{$1}');
  return { source, flags };
}

/** Compiles a Go regular expression, or returns the reason it cannot be used. */
export function compileGoRegexp(pattern: string): RegExp | Error {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const { source, flags } = translate(pattern);
  let result: RegExp | Error;
  try {
    // Unicode mode understands \p{..}; it rejects RE2's tolerated escapes like "\-", so fall back.
    result = new RegExp(source, flags + 'u');
  } catch {
    try {
      result = new RegExp(source, flags);
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, result);
  return result;
}
