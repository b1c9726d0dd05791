// The starting price list (price_list rows): what the lab charges for the parts and kits that go onto an
// invoice besides the job type (job types carry their own default price). One row per market currency;
// New Zealand prices are the Australian ones in NZD, rounded up to the dollar, as the lab quotes them.

/** Australian price per kind of stocked part, in AUD. */
export const componentPriceByKind: Readonly<Record<string, string>> = {
  screw: '38.50',
  tibase: '65.00',
  attachment: '45.00',
  analog: '30.00',
  generic: '25.00',
};

/** A pricing kit (billed once per collection and arch), in AUD. */
export const pricingKitPrice = '250.00';

export const priceMarkets = [
  { country: 'AU', currency: 'AUD', factor: 1 },
  { country: 'NZ', currency: 'NZD', factor: 1.1 },
] as const;

/** The market's price: AUD times the factor, rounded up to whole dollars for NZD. */
export const marketPrice = (aud: string, factor: number): string =>
  // In whole cents first: 250 × 1.1 in floating point is 275.00000000000006, which would round up to 276.
  factor === 1 ? aud : Math.ceil(Math.round(Number(aud) * 100 * factor) / 100).toFixed(2);
