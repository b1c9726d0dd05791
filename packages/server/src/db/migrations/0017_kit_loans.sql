CREATE TABLE "kit_loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kit_loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kit_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"lent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_back_on" date,
	"lent_by_id" integer,
	"returned_at" timestamp with time zone,
	"returned_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "kit_loans" ADD CONSTRAINT "kit_loans_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_loans" ADD CONSTRAINT "kit_loans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_loans" ADD CONSTRAINT "kit_loans_lent_by_id_users_id_fk" FOREIGN KEY ("lent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kit_loans" ADD CONSTRAINT "kit_loans_returned_by_id_users_id_fk" FOREIGN KEY ("returned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kit_loans_open_idx" ON "kit_loans" USING btree ("kit_id") WHERE returned_at IS NULL;--> statement-breakpoint
CREATE INDEX "kit_loans_client_idx" ON "kit_loans" USING btree ("client_id");