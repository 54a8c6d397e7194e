/**
 * The path and query as `new URL(path, server)` would send them. Paths built by resourcePath
 * (names percent-encoded, queries from URLSearchParams) are already in that form and go as they
 * are; anything a URL would rewrite (a dot segment, a character it escapes) still goes through one.
 * (A path starting with "//" is another host's to a URL; here it stays on the server's.)
 */
export function requestPath(server: URL, path: string): string {
  if (alreadyCanonical.test(path) && !dotSegment.test(path)) return path;
  const url = new URL(path, server);
  return url.pathname + url.search;
}

// Unreserved and sub-delimiter characters and complete %XX escapes, not ending in an empty query.
const alreadyCanonical = /^\/(?!\/)(?:[A-Za-z0-9\-._~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2})*(?<!\?)$/;
// "." or ".." as a whole segment, also escaped ("%2e"): a URL resolves those away.
const dotSegment = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;
