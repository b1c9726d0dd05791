CREATE TABLE "file_mesh_reports" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"report" jsonb NOT NULL,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_type_required_files" (
	"job_type_id" integer NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "job_type_required_files_job_type_id_kind_pk" PRIMARY KEY("job_type_id","kind"),
	CONSTRAINT "job_type_required_files_kind_check" CHECK ("job_type_required_files"."kind" IN ('arch_scan', 'opposing_scan', 'bite_scan', 'scan_body_scan'))
);
--> statement-breakpoint
CREATE TABLE "ordering_platform_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordering_platform_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"label" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" integer,
	CONSTRAINT "ordering_platform_keys_key_id_unique" UNIQUE("key_id"),
	CONSTRAINT "ordering_platform_keys_platform_check" CHECK ("ordering_platform_keys"."platform" IN ('oep', 'nexus_ios', 'nclab'))
);
--> statement-breakpoint
CREATE TABLE "platform_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"order_id" text NOT NULL,
	"body_sha256" text NOT NULL,
	"collection_uid" uuid NOT NULL,
	"key_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_orders_platform_order_key" UNIQUE("platform","order_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_kind_check";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "file_mesh_reports" ADD CONSTRAINT "file_mesh_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_type_required_files" ADD CONSTRAINT "job_type_required_files_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_platform_keys" ADD CONSTRAINT "ordering_platform_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordering_platform_keys" ADD CONSTRAINT "ordering_platform_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_orders" ADD CONSTRAINT "platform_orders_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_orders_collection_idx" ON "platform_orders" USING btree ("collection_uid");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_kind_check" CHECK ("audit_events"."actor_kind" IN ('staff', 'client', 'partner', 'platform'));