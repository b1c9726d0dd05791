// Capability keys travel in URLs (one-time file links, tracking keys, portal keys, the event stream's
// token) and must never reach a log (domain-decisions 'Identity'). Request logs carry this form of the
// URL: the query string is dropped and the key segments are replaced.

const keyedPaths: readonly [RegExp, string][] = [
  [/^\/files\/(upload|download)\/[^/]+/, '/files/$1/[redacted]'],
  [/^\/t\/(o|c)\/[^/]+/, '/t/$1/[redacted]'],
  [/^\/api\/v2\/customer\/[^/]+/, '/api/v2/customer/[redacted]'],
  [/^\/api\/v2\/partner\/[^/]+/, '/api/v2/partner/[redacted]'],
];

export const redactUrl = (url: string): string => {
  const path = url.split('?', 1)[0] ?? '';
  const hadQuery = path.length < url.length;
  const redacted = keyedPaths.reduce(
    (current, [pattern, replacement]) => current.replace(pattern, replacement),
    path,
  );
  return hadQuery ? `${redacted}?[redacted]` : redacted;
};
