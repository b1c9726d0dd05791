import { formatMoney, parseMoneyCents, type ShippingAddress } from '@lab/domain';

// How the documents word an invoice's values: shared by the PDF and the accounting export so both say the
// same thing the same way.

/** Money text of the invoice read ('1234.50') as shown with $ ('$1,234.50'). */
export const moneyShown = (text: string, currency: string): string => {
  const cents = parseMoneyCents(text);
  // The presenter only writes two-decimal text; anything else is a bug upstream, not a client error.
  if (cents === null) throw new Error(`not a money amount: '${text}'`);
  return formatMoney(cents, currency);
};

/** '2.00' → '2', '1.50' → '1.5': a quantity without the zeros numeric(10,2) pads it with. */
export const quantityShown = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/** 'UPPER' → 'Upper'. */
export const dentateShown = (dentate: string | null): string =>
  dentate ? dentate.charAt(0) + dentate.slice(1).toLowerCase() : '';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-05' → '5 Mar 2026': unambiguous for readers in any country. */
export const dateShown = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-');
  return `${Number(day)} ${months[Number(month) - 1] ?? month} ${year}`;
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'AU' → 'Australia'; a value that is no region code stays as it is. */
export const countryShown = (country: string): string => {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  try {
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
};

/** The address as printed: street lines, then 'Suburb STATE 3000', then the country. */
export const addressLinesOf = (address: ShippingAddress): string[] => {
  const locality = [address.suburb, address.state, address.postcode].filter(Boolean).join(' ');
  return [
    address.address_line_1,
    address.address_line_2,
    locality,
    address.country ? countryShown(address.country) : null,
  ].filter((line): line is string => Boolean(line?.trim()));
};
