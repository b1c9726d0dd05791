CREATE TABLE "pick_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_slip_id" integer NOT NULL,
	"pick_item_id" integer NOT NULL,
	"case_uid" uuid NOT NULL,
	"code" text NOT NULL,
	"lot" text NOT NULL,
	"stock_lot_id" integer
);
--> statement-breakpoint
ALTER TABLE "picking_slips" ADD COLUMN "lots_derived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pick_lots" ADD CONSTRAINT "pick_lots_picking_slip_id_picking_slips_id_fk" FOREIGN KEY ("picking_slip_id") REFERENCES "public"."picking_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_lots" ADD CONSTRAINT "pick_lots_pick_item_id_pick_items_id_fk" FOREIGN KEY ("pick_item_id") REFERENCES "public"."pick_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_lots" ADD CONSTRAINT "pick_lots_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_lots" ADD CONSTRAINT "pick_lots_stock_lot_id_stock_lots_id_fk" FOREIGN KEY ("stock_lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_lots_lot_idx" ON "pick_lots" USING btree (lower("lot"),lower("code"));--> statement-breakpoint
CREATE INDEX "pick_lots_slip_idx" ON "pick_lots" USING btree ("picking_slip_id");--> statement-breakpoint
CREATE INDEX "pick_lots_case_idx" ON "pick_lots" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "cases_material_batch_idx" ON "cases" USING btree (lower("material_batch_number")) WHERE material_batch_number IS NOT NULL;--> statement-breakpoint
CREATE INDEX "picking_slips_lots_pending_idx" ON "picking_slips" USING btree ("id") WHERE picked_at IS NOT NULL AND NOT lots_derived;