CREATE TABLE "customer_service_items" (
	"item_key" text PRIMARY KEY NOT NULL,
	"assignee_id" integer,
	"assigned_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by_id" integer,
	"told_internal_due" timestamp with time zone,
	CONSTRAINT "customer_service_items_key_check" CHECK ("customer_service_items"."item_key" ~ '^(message|approval|due|request):')
);
--> statement-breakpoint
ALTER TABLE "customer_service_items" ADD CONSTRAINT "customer_service_items_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_service_items" ADD CONSTRAINT "customer_service_items_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;