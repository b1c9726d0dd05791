import { describe, expect, it } from 'vitest';
import { dispatchMessages, newDispatchSchema, trackingUrlOf } from './dispatches';

describe('trackingUrlOf', () => {
  it("puts the trimmed, URL-encoded reference into the courier's template", () => {
    expect(trackingUrlOf('https://auspost.com.au/mypost/track/details/{tracking}', ' AB 12/3 ')).toBe(
      'https://auspost.com.au/mypost/track/details/AB%2012%2F3',
    );
  });

  it('is null without a template, a placeholder or a reference', () => {
    expect(trackingUrlOf(null, 'AB1')).toBeNull();
    expect(trackingUrlOf('https://example.com/track', 'AB1')).toBeNull();
    expect(trackingUrlOf('https://example.com/{tracking}', '  ')).toBeNull();
    expect(trackingUrlOf('https://example.com/{tracking}', null)).toBeNull();
  });
});

describe('newDispatchSchema', () => {
  const valid = {
    case_uids: ['00000000-0000-4000-8000-000000000001'],
    courier_id: 1,
    tracking_reference: 'AB1',
    shipping_address: { address_line_1: '1 Bay St', suburb: 'Brighton', postcode: '3186', country: 'AU' },
  };

  const messagesOf = (body: unknown) => {
    const result = newDispatchSchema.safeParse(body);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes a complete form; line 2 and state may stay empty', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf({ ...valid, shipping_address: { ...valid.shipping_address, state: '' } })).toEqual({});
  });

  it('names each missing field', () => {
    expect(messagesOf({})).toEqual({
      case_uids: dispatchMessages.noCases,
      courier_id: dispatchMessages.mustBeSelected,
      tracking_reference: dispatchMessages.blank,
      'shipping_address.address_line_1': dispatchMessages.blank,
      'shipping_address.suburb': dispatchMessages.blank,
      'shipping_address.postcode': dispatchMessages.blank,
      'shipping_address.country': dispatchMessages.blank,
    });
  });
});
