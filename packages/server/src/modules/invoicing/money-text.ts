import { centsToMoneyText, parseMoneyCents } from '@lab/domain';

// The database's numeric(12,2) text through the domain's exact cents, so the wire always carries two
// decimals whatever the driver returns.

export const centsOfStored = (text: string): number => {
  const cents = parseMoneyCents(text);
  // A numeric(12,2) column always parses; anything else is a broken row, not a client error.
  if (cents === null) throw new Error(`not a money amount in the database: '${text}'`);
  return cents;
};

export const moneyOfStored = (text: string): string => centsToMoneyText(centsOfStored(text));

export const nullableMoneyOfStored = (text: string | null): string | null =>
  text === null ? null : moneyOfStored(text);
