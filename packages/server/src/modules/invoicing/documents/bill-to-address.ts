import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Invoice, ShippingAddress } from '@lab/domain';
import type { Queryable } from '../../../db/client';
import { clients, invoices } from '../../../db/schema/index';

// The invoice read carries the shipping address only; documents also print where the bill goes. An
// invoice with a billing client bills to that client's address; one without bills its shipping client,
// whose address is the presented one (the snapshot of a finalised invoice).

const billingClient = alias(clients, 'bill_to_client');

/** invoice number → the billing client's address, for the invoices in scope that have a billing client. */
export const selectBillingAddresses = async (
  db: Queryable,
  scope: SQL,
): Promise<Map<number, ShippingAddress>> => {
  const rows = await db
    .select({
      invoice_number: invoices.invoice_number,
      address_line_1: billingClient.address_line_1,
      address_line_2: billingClient.address_line_2,
      suburb: billingClient.suburb,
      state: billingClient.state,
      postcode: billingClient.postcode,
      country: billingClient.country,
    })
    .from(invoices)
    .innerJoin(billingClient, eq(billingClient.id, invoices.billing_client_id))
    .where(scope);
  return new Map(rows.map(({ invoice_number, ...address }) => [invoice_number, address]));
};

export const billToAddressOf = (invoice: Invoice, billing: Map<number, ShippingAddress>): ShippingAddress =>
  billing.get(invoice.invoice_number) ?? invoice.shipping_address;
