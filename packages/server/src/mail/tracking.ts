import { randomBytes } from 'node:crypto';

// Our own open and click tracking (domain-decisions 'Messages, notifications, approvals'): each e-mail
// has a tracking key (a capability: ≥128 random bits, base64url) in a pixel and in its links. The
// redirect only ever leads back to this server's own origin, so it cannot be used as an open redirect;
// links elsewhere are left as they are.

/** 192 random bits. */
export const newTrackingKey = (): string => randomBytes(24).toString('base64url');

export const isTrackingKey = (value: string): boolean => /^[A-Za-z0-9_-]{22,64}$/.test(value);

export const pixelUrl = (publicUrl: string, key: string): string => `${publicUrl}/t/o/${key}.gif`;

export const clickUrl = (publicUrl: string, key: string, target: string): string =>
  `${publicUrl}/t/c/${key}?u=${encodeURIComponent(target)}`;

/** The target as an absolute URL when it is on our own origin (http/https), else null. */
export const ownTarget = (publicUrl: string, raw: string): string | null => {
  if (raw.trim() === '') return null;
  let target: URL;
  try {
    target = new URL(raw, `${publicUrl}/`);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  return target.origin === new URL(publicUrl).origin ? target.href : null;
};

const attributeEntities: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

export const unescapeAttribute = (value: string): string =>
  value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => attributeEntities[entity] ?? entity);

export const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The HTML with every link to our own origin going through the click redirect, and the open pixel at the
 * end of the body. Our templates write every href in double quotes.
 */
export const addTracking = (html: string, tracking: { publicUrl: string; key: string }): string => {
  const linked = html.replace(/href="([^"]*)"/g, (whole, value: string) => {
    const target = ownTarget(tracking.publicUrl, unescapeAttribute(value));
    return target ? `href="${escapeHtml(clickUrl(tracking.publicUrl, tracking.key, target))}"` : whole;
  });
  const pixel = `<img src="${escapeHtml(pixelUrl(tracking.publicUrl, tracking.key))}" width="1" height="1" alt="" style="display:block;border:0">`;
  return linked.includes('</body>') ? linked.replace('</body>', `${pixel}</body>`) : `${linked}${pixel}`;
};
