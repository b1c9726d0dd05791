import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/files/download/abcDEF123_-xyz', '/files/download/[redacted]'],
    ['/files/upload/abcDEF123?x=1', '/files/upload/[redacted]?[redacted]'],
    ['/t/c/key123?u=http%3A%2F%2Fx%2Fportal.html%3Fkey%3Dsecret', '/t/c/[redacted]?[redacted]'],
    ['/t/o/key123.gif', '/t/o/[redacted]'],
    ['/api/v2/stream?access_token=secret', '/api/v2/stream?[redacted]'],
    ['/api/v2/customer/portalkey/message/', '/api/v2/customer/[redacted]/message/'],
    ['/api/v2/partner/sharekey/file/12/', '/api/v2/partner/[redacted]/file/12/'],
    ['/static/v2/partner.html?key=sharekey', '/static/v2/partner.html?[redacted]'],
    ['/api/v2/collections/active/', '/api/v2/collections/active/'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
