ALTER TABLE "invoices" ADD COLUMN "amount_ex" numeric(12, 2);--> statement-breakpoint
-- Every invoice's lines plus freight as they stand (this release's rule: round(qty x price, 2) each).
UPDATE "invoices" i SET "amount_ex" = coalesce(l.ex, 0) + i.freight
FROM (SELECT i2.id, (SELECT sum(round(x.total_qty * x.unit_price, 2)) FROM invoice_lines x WHERE x.invoice_id = i2.id) AS ex
      FROM invoices i2) l
WHERE i.id = l.id;
