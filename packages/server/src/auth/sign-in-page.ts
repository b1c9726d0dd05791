const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only same-site paths are followed after sign-in, so the page cannot be used to redirect elsewhere. */
export const safeNextPath = (next: string | undefined): string => {
  const fallback = '/static/v2/collection.html';
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
};

/** The sign-in page: a plain server-rendered form, so it works before any script has loaded. */
export const renderSignInPage = (options: {
  next: string;
  error?: string;
  username?: string;
}): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Lab Cases</title>
<style>
  :root { color-scheme: light; font-family: Roboto, 'Segoe UI', Helvetica, Arial, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f7; }
  main { width: min(380px, 92vw); background: #fff; border-radius: 8px; padding: 32px;
         box-shadow: 0 2px 4px rgba(0,0,0,.12), 0 8px 24px rgba(0,0,0,.08); }
  h1 { margin: 0 0 4px; font-size: 1.5rem; font-weight: 500; color: #1565c0; }
  p.sub { margin: 0 0 24px; color: #5f6b7a; }
  label { display: block; font-size: .85rem; color: #37474f; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 12px; font-size: 1rem; border: 1px solid #b0bec5;
          border-radius: 4px; }
  input:focus { outline: 2px solid #1976d2; border-color: transparent; }
  button { margin-top: 24px; width: 100%; padding: 12px; font-size: 1rem; font-weight: 500; letter-spacing: .04em;
           text-transform: uppercase; color: #fff; background: #1976d2; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover { background: #1565c0; }
  .error { margin: 0 0 8px; padding: 10px 12px; border-radius: 4px; background: #fdecea; color: #b71c1c; }
</style>
</head>
<body>
<main>
  <h1>Lab Cases</h1>
  <p class="sub">Sign in to continue</p>
  ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <form method="post" action="/oauth2/authorize/">
    <input type="hidden" name="next" value="${escapeHtml(options.next)}">
    <label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>
</main>
</body>
</html>`;
