import { formatMoney, parseMoneyCents } from '@lab/domain';

/** '1234.50', 'AUD' → '$1,234.50' (the domain's one money format). */
export const money = (text: string, currency: string): string =>
  formatMoney(parseMoneyCents(text) ?? 0, currency);
