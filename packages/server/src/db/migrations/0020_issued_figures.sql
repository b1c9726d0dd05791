ALTER TABLE "invoices" ADD COLUMN "issued_ex" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_tax" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The invoices already issued keep the figures they were issued with (the rules of this release: lines at
-- round(qty x price, 2) plus freight; GST 10 % AU, 15 % NZ when branch and bill-to client share the
-- country); what was paid against each, from its payments.
UPDATE "invoices" i SET "issued_ex" = f.ex, "issued_tax" = round(f.ex * f.percent / 100, 2)
FROM (
  SELECT i2.id,
         coalesce((SELECT sum(round(l.total_qty * l.unit_price, 2)) FROM invoice_lines l WHERE l.invoice_id = i2.id), 0)
           + i2.freight AS ex,
         CASE WHEN b.country = bill.country AND b.country = 'AU' THEN 10
              WHEN b.country = bill.country AND b.country = 'NZ' THEN 15 ELSE 0 END AS percent
  FROM invoices i2
  JOIN collections col ON col.uid = i2.collection_uid
  LEFT JOIN branches b ON b.id = col.fulfillment_branch_id
  JOIN clients bill ON bill.id = coalesce(i2.billing_client_id, i2.shipping_client_id)
  WHERE i2.finalised OR i2.manually_invoiced_at IS NOT NULL
) f
WHERE i.id = f.id;--> statement-breakpoint
UPDATE "invoices" i SET "amount_paid" = p.paid
FROM (SELECT invoice_id, sum(amount) AS paid FROM invoice_payments GROUP BY invoice_id) p
WHERE i.id = p.invoice_id;--> statement-breakpoint
CREATE INDEX "invoices_unsettled_idx" ON "invoices" USING btree (coalesce("billing_client_id", "shipping_client_id")) WHERE "invoices"."finalised" AND "invoices"."issued_ex" + "invoices"."issued_tax" > "invoices"."amount_paid";--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("collection_uid") WHERE NOT "invoices"."finalised" AND "invoices"."manually_invoiced_at" IS NULL;