import { describe, expect, it } from 'vitest';
import { canIgnore, capText, caseLine, isNewNotification, notificationLink } from './notification-display';
import { aNotification } from './testing/notification-fixture';

describe('notification display', () => {
  it('caps notes at 255 characters and job types at 80', () => {
    expect(capText('a'.repeat(255), 255)).toBe('a'.repeat(255));
    const capped = capText('a'.repeat(300), 255);
    expect(capped).toHaveLength(255);
    expect(capped.endsWith('…')).toBe(true);
    const line = caseLine(aNotification({ case: { case_mkey: '120034-01', job_type: 'J'.repeat(100) } }));
    expect(line).toBe(`120034-01 ${'J'.repeat(79)}…`);
    expect(caseLine(aNotification({ case: null }))).toBeNull();
  });

  it('links to the messages view of the collection with the message highlighted', () => {
    expect(notificationLink(aNotification())).toBe(
      '/static/v2/collection.html?view=messages&uid=0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11&muid=30000000-0000-4000-8000-000000000001',
    );
    expect(notificationLink(aNotification({ uid: null }))).toBe(
      '/static/v2/collection.html?view=messages&uid=0b9f3a52-5b0e-4a53-9c55-2f6f4a0d0c11',
    );
    expect(notificationLink(aNotification({ case_collection_uid: null }))).toBeNull();
  });

  it('is new until delivered, and can be ignored only when it expires', () => {
    expect(isNewNotification(aNotification({ delivered_at: null }))).toBe(true);
    expect(isNewNotification(aNotification())).toBe(false);
    expect(canIgnore(aNotification())).toBe(false);
    expect(canIgnore(aNotification({ expires_at: '2025-02-10T01:00:00Z' }))).toBe(true);
  });
});
