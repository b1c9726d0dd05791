CREATE TABLE "stock_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"lot" text NOT NULL,
	"expires_on" date,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"component_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"lot_id" integer,
	"picking_slip_id" integer,
	"case_uid" uuid,
	"reason" text,
	"supplier_reference" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer,
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" IN ('opening', 'receive', 'pick', 'write_off', 'adjust')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0 OR "stock_movements"."kind" = 'opening')
);
--> statement-breakpoint
ALTER TABLE "component_stock" ADD COLUMN "reorder_point" integer;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_lots" ADD CONSTRAINT "stock_lots_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_lot_id_stock_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."stock_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_picking_slip_id_picking_slips_id_fk" FOREIGN KEY ("picking_slip_id") REFERENCES "public"."picking_slips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_lots_part_lot_idx" ON "stock_lots" USING btree ("component_id","branch_id","lot");--> statement-breakpoint
CREATE INDEX "stock_lots_lot_idx" ON "stock_lots" USING btree ("lot");--> statement-breakpoint
CREATE INDEX "stock_movements_part_idx" ON "stock_movements" USING btree ("component_id","branch_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_case_idx" ON "stock_movements" USING btree ("case_uid");--> statement-breakpoint
INSERT INTO "stock_movements" ("component_id", "branch_id", "kind", "quantity", "reason", "at") SELECT "component_id", "branch_id", 'opening', "quantity_on_hand", 'Balance before the stock ledger', "updated_at" FROM "component_stock" WHERE "quantity_on_hand" <> 0;
