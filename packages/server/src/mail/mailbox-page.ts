import { DateTime } from 'luxon';
import type { ReceivedMail } from './local-mailbox';
import { escapeHtml, unescapeAttribute } from './tracking';

// The development mailbox as a page an administrator opens in a browser tab: who got which mail, and every
// link in it to click (portal links, the partner's share link…). Static HTML only: the app's CSP allows
// no inline script, and a <style> tag is allowed by `style-src 'unsafe-inline'`.

export type MailboxEntry = Omit<ReceivedMail, 'raw'>;

const hrefPattern = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const textUrlPattern = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// A sentence's full stop or a closing bracket after a URL in the text part is not part of it.
const trailingPunctuation = /[.,;:!?)\]}]+$/;

const httpUrl = (raw: string): URL | null => {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * Our click redirect (`/t/c/{key}?u=…`) is replaced by its target: a developer's click here is not the
 * recipient's, and must not count as one.
 */
const withoutClickTracking = (url: URL): string => {
  const target = url.searchParams.get('u');
  return /^\/t\/c\/[^/]+$/.test(url.pathname) && target && httpUrl(target) ? target : url.href;
};

/** Every http(s) link of the mail, once each: the HTML part's hrefs, then the URLs of the text part. */
export const findMailLinks = (mail: Pick<MailboxEntry, 'html' | 'text'>): string[] => {
  const hrefs = [...mail.html.matchAll(hrefPattern)].map((m) =>
    unescapeAttribute(m[1] ?? m[2] ?? m[3] ?? ''),
  );
  const textUrls = [...mail.text.matchAll(textUrlPattern)].map((m) => m[0].replace(trailingPunctuation, ''));
  const links = [...hrefs, ...textUrls].flatMap((raw) => {
    const url = httpUrl(raw);
    return url ? [withoutClickTracking(url)] : [];
  });
  return [...new Set(links)];
};

// In the lab's time (a branch's default zone), as everything else the lab reads, whatever the server's.
const labZone = 'Australia/Melbourne';

const formatReceived = (iso: string): string => {
  const at = DateTime.fromISO(iso, { zone: labZone });
  return at.isValid ? at.toFormat('d LLL yyyy, HH:mm:ss ZZZZ') : iso;
};

const style = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 960px; }
h1 { font-size: 22px; }
article { border: 1px solid #ddd; border-radius: 6px; padding: 12px 16px; margin: 0 0 16px; }
h2 { font-size: 17px; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; }
dt { color: #666; }
dd { margin: 0; }
ul { margin: 0 0 8px; padding-left: 20px; }
a { overflow-wrap: anywhere; }
pre { white-space: pre-wrap; background: #f5f7fa; padding: 8px; }
.empty { color: #666; }`;

const mailHtml = (mail: MailboxEntry): string => {
  const links = findMailLinks(mail);
  return [
    '<article>',
    `<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>`,
    '<dl>',
    `<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>`,
    `<dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>`,
    `<dt>Received</dt><dd><time datetime="${escapeHtml(mail.receivedAt)}">${escapeHtml(formatReceived(mail.receivedAt))}</time></dd>`,
    '</dl>',
    links.length === 0
      ? '<p class="empty">No links.</p>'
      : `<ul>${links.map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`).join('')}</ul>`,
    `<details><summary>Text</summary><pre>${escapeHtml(mail.text)}</pre></details>`,
    '</article>',
  ].join('\n');
};

/** The page of the mails given, in the order given (the route passes them newest first). */
export const renderMailboxPage = (mails: MailboxEntry[]): string =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    '<title>Development mailbox</title>',
    `<style>${style}</style>`,
    '</head><body>',
    '<h1>Development mailbox</h1>',
    `<p>${mails.length} ${mails.length === 1 ? 'mail' : 'mails'} sent by this server, newest first (kept in memory only; reload to see new mail).</p>`,
    ...(mails.length === 0 ? ['<p class="empty">No mail yet.</p>'] : mails.map(mailHtml)),
    '</body></html>',
  ].join('\n');
