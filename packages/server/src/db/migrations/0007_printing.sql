CREATE TABLE "print_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"case_mkeys" jsonb NOT NULL,
	"document_type" text NOT NULL,
	"bundle" text NOT NULL,
	"quantity" smallint NOT NULL,
	"pages" smallint NOT NULL,
	"printer_id" integer,
	"printer_name" text NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"printer_job_id" integer,
	"storage_key" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"pdf_sha256" text NOT NULL,
	"requested_by_id" integer,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_document_type_check" CHECK ("print_jobs"."document_type" IN ('receipt', 'label', 'warranty', 'packing_slip', 'qc', 'udi')),
	CONSTRAINT "print_jobs_bundle_check" CHECK ("print_jobs"."bundle" IN ('all', 'one')),
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" IN ('queued', 'sent', 'failed', 'kept')),
	CONSTRAINT "print_jobs_quantity_check" CHECK ("print_jobs"."quantity" BETWEEN 1 AND 6),
	CONSTRAINT "print_jobs_tries_check" CHECK ("print_jobs"."tries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_case_idx" ON "print_jobs" USING btree ("case_uid","created_at");--> statement-breakpoint
CREATE INDEX "print_jobs_queued_idx" ON "print_jobs" USING btree ("created_at") WHERE status = 'queued';