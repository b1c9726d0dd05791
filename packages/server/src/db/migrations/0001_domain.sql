CREATE TABLE "approval_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"approval_uid" uuid NOT NULL,
	"file_id" integer NOT NULL,
	"filename" text NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_uid" uuid NOT NULL,
	"approval_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"approval_due_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"approved_by_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancelled_by_id" integer,
	"changes_requested_at" timestamp with time zone,
	"changes" text,
	"send_reminders" boolean DEFAULT false NOT NULL,
	"reminder_interval_seconds" integer DEFAULT 86400 NOT NULL,
	"next_reminder_due" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "approvals_reminder_interval_check" CHECK ("approvals"."reminder_interval_seconds" > 0),
	CONSTRAINT "approvals_reminders_sent_check" CHECK ("approvals"."reminders_sent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"collection_uid" uuid,
	"case_uid" uuid,
	"changed_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" integer,
	"actor_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	"modified_by" text NOT NULL,
	"changed_values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delegation_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"delegated_to_id" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	"modified_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "implant_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "implant_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"implant_id" integer,
	"action" text NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" integer,
	"modified_by" text NOT NULL,
	"changed_values" jsonb NOT NULL,
	CONSTRAINT "implant_audit_action_check" CHECK ("implant_audit"."action" IN ('CREATED', 'UPDATED', 'DELETED'))
);
--> statement-breakpoint
CREATE TABLE "location_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "location_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_uid" uuid NOT NULL,
	"bin_location" text,
	"bin_location_branch_id" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_by_id" integer,
	"moved_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"secret_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branch_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"branch_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text,
	CONSTRAINT "branch_closures_range_check" CHECK ("branch_closures"."ends_on" >= "branch_closures"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "branches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"time_zone" text DEFAULT 'Australia/Melbourne' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_name_unique" UNIQUE("name"),
	CONSTRAINT "branches_code_unique" UNIQUE("code"),
	CONSTRAINT "branches_country_check" CHECK ("branches"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"printer_name" text NOT NULL,
	"print_type" text NOT NULL,
	"branch_id" integer,
	"destination" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "printers_print_type_check" CHECK ("printers"."print_type" IN ('receipt', 'label', 'document'))
);
--> statement-breakpoint
CREATE TABLE "case_client_gauge_kits" (
	"case_uid" uuid NOT NULL,
	"kit_id" integer NOT NULL,
	CONSTRAINT "case_client_gauge_kits_case_uid_kit_id_pk" PRIMARY KEY("case_uid","kit_id")
);
--> statement-breakpoint
CREATE TABLE "case_component_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_component_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"component_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_component_lines_kind_check" CHECK ("case_component_lines"."kind" IN ('attachment', 'analog', 'generic')),
	CONSTRAINT "case_component_lines_quantity_check" CHECK ("case_component_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "cases_case_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_mkey" text NOT NULL,
	"ordinal" smallint NOT NULL,
	"collection_uid" uuid NOT NULL,
	"job_type_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"ordered" boolean DEFAULT false NOT NULL,
	"in_design" boolean DEFAULT false NOT NULL,
	"in_production" boolean DEFAULT false NOT NULL,
	"in_lab" boolean DEFAULT false NOT NULL,
	"dispatched" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"active" boolean GENERATED ALWAYS AS (NOT dispatched AND NOT cancelled) STORED,
	"department" text,
	"redo_type" text,
	"redo_of_case_uid" uuid,
	"redo_reason" text,
	"redo_charge" text,
	"redo_discount_amount" numeric(5, 2),
	"redo_new_screws_required" boolean DEFAULT false NOT NULL,
	"virtual_product" boolean DEFAULT false NOT NULL,
	"requires_return_file" boolean DEFAULT false NOT NULL,
	"date_received" timestamp with time zone,
	"immediacy_due" timestamp with time zone,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"group_number" integer,
	"delegated_to_id" integer,
	"delegated_at" timestamp with time zone,
	"delegated_by_id" integer,
	"tracking_number" text,
	"warranty_void" boolean DEFAULT false NOT NULL,
	"material_type_id" integer,
	"material_id" integer,
	"material_batch_number" text,
	"material_thickness" numeric(6, 2),
	"dentate" text,
	"scan_gauge_kit_id" integer,
	"scan_gauge_name" text,
	"machine_project_id" integer,
	"check_in_user_id" integer,
	"metrology_user_id" integer,
	"design_user_id" integer,
	"machine_user_id" integer,
	"schedule_start" timestamp with time zone,
	"date_promised" timestamp with time zone,
	"customer_due" timestamp with time zone,
	"metrology_due" timestamp with time zone,
	"date_metrology_complete" timestamp with time zone,
	"design_due" timestamp with time zone,
	"date_design_complete" timestamp with time zone,
	"date_approval_complete" timestamp with time zone,
	"machining_due" timestamp with time zone,
	"date_machining_complete" timestamp with time zone,
	"dispatch_due" timestamp with time zone,
	"internal_due" timestamp with time zone,
	"date_dispatched" timestamp with time zone,
	"customer_delay_seconds" integer DEFAULT 0 NOT NULL,
	"buffer_time_seconds" integer,
	"override_design_seconds" integer,
	"override_machining_seconds" integer,
	"folder_path" text,
	"automation_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_case_id_unique" UNIQUE("case_id"),
	CONSTRAINT "cases_case_mkey_unique" UNIQUE("case_mkey"),
	CONSTRAINT "cases_collection_ordinal_key" UNIQUE("collection_uid","ordinal"),
	CONSTRAINT "cases_ordinal_check" CHECK ("cases"."ordinal" >= 1),
	CONSTRAINT "cases_one_flag_check" CHECK ("cases"."ordered"::int + "cases"."in_design"::int + "cases"."in_production"::int + "cases"."in_lab"::int + "cases"."dispatched"::int + "cases"."cancelled"::int = 1),
	CONSTRAINT "cases_department_check" CHECK ("cases"."department" IS NULL OR "cases"."department" IN ('ADMIN', 'DESIGN', 'MACHINING', 'POLISHING')),
	CONSTRAINT "cases_redo_type_check" CHECK ("cases"."redo_type" IS NULL OR "cases"."redo_type" IN ('internal', 'external')),
	CONSTRAINT "cases_redo_reason_check" CHECK ("cases"."redo_reason" IS NULL OR "cases"."redo_reason" IN ('che', 'cli', 'des', 'met', 'pol', 'pro', 'war')),
	CONSTRAINT "cases_redo_charge_check" CHECK ("cases"."redo_charge" IS NULL OR "cases"."redo_charge" IN ('full', 'discount', 'free')),
	CONSTRAINT "cases_redo_discount_check" CHECK ("cases"."redo_discount_amount" IS NULL OR ("cases"."redo_discount_amount" >= 0 AND "cases"."redo_discount_amount" <= 100)),
	CONSTRAINT "cases_dentate_check" CHECK ("cases"."dentate" IS NULL OR "cases"."dentate" IN ('UPPER', 'LOWER', 'BOTH', 'NONE')),
	CONSTRAINT "cases_redo_self_check" CHECK ("cases"."redo_of_case_uid" IS NULL OR "cases"."redo_of_case_uid" <> "cases"."uid")
);
--> statement-breakpoint
CREATE TABLE "related_cases" (
	"case_uid" uuid NOT NULL,
	"related_case_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "related_cases_case_uid_related_case_uid_pk" PRIMARY KEY("case_uid","related_case_uid"),
	CONSTRAINT "related_cases_self_check" CHECK ("related_cases"."case_uid" <> "related_cases"."related_case_uid")
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "components_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"component_type" text NOT NULL,
	"kind" text NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "components_code_unique" UNIQUE("code"),
	CONSTRAINT "components_kind_check" CHECK ("components"."kind" IN ('attachment', 'analog', 'generic', 'screw', 'tibase'))
);
--> statement-breakpoint
CREATE TABLE "implant_platforms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "implant_platforms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"to_tibase" boolean DEFAULT false NOT NULL,
	"library_id" text,
	"scan_body_type" text,
	"default_straight_screw_id" integer,
	"default_biaxial_screw_id" integer,
	"default_tibase_id" integer,
	CONSTRAINT "implant_platforms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "kits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"implant_qty" integer DEFAULT 0 NOT NULL,
	"kit_box_display" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "kits_code_unique" UNIQUE("code"),
	CONSTRAINT "kits_kind_check" CHECK ("kits"."kind" IN ('SCAN_GAUGE', 'PRICING', 'CLIENT_GAUGE')),
	CONSTRAINT "kits_implant_qty_check" CHECK ("kits"."implant_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_availability" (
	"platform_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "platform_availability_branch_id_country_platform_id_pk" PRIMARY KEY("branch_id","country","platform_id"),
	CONSTRAINT "platform_availability_country_check" CHECK ("platform_availability"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "screw_availability" (
	"screw_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "screw_availability_branch_id_country_screw_id_pk" PRIMARY KEY("branch_id","country","screw_id"),
	CONSTRAINT "screw_availability_country_check" CHECK ("screw_availability"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "screws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "screws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"component_id" integer,
	CONSTRAINT "screws_code_unique" UNIQUE("code"),
	CONSTRAINT "screws_component_id_unique" UNIQUE("component_id")
);
--> statement-breakpoint
CREATE TABLE "tibase_availability" (
	"tibase_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"country" text NOT NULL,
	CONSTRAINT "tibase_availability_branch_id_country_tibase_id_pk" PRIMARY KEY("branch_id","country","tibase_id"),
	CONSTRAINT "tibase_availability_country_check" CHECK ("tibase_availability"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "tibases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tibases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"component_id" integer,
	CONSTRAINT "tibases_code_unique" UNIQUE("code"),
	CONSTRAINT "tibases_component_id_unique" UNIQUE("component_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"department" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"not_required" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by_id" integer,
	"checked_by_name" text,
	CONSTRAINT "checklist_items_department_check" CHECK ("checklist_items"."department" IN ('ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE')),
	CONSTRAINT "checklist_items_exclusive_check" CHECK (NOT ("checklist_items"."done" AND "checklist_items"."not_required"))
);
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checklist_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_type_id" integer,
	"name" text NOT NULL,
	"department" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "checklist_templates_department_check" CHECK ("checklist_templates"."department" IN ('ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE'))
);
--> statement-breakpoint
CREATE TABLE "client_identifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_identifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	CONSTRAINT "client_identifications_client_value_key" UNIQUE("client_id","kind","value"),
	CONSTRAINT "client_identifications_kind_check" CHECK ("client_identifications"."kind" IN ('EMAIL', 'MOBILE'))
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "clients_client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10000 CACHE 1),
	"name" text NOT NULL,
	"country" text NOT NULL,
	"account_number" text,
	"email" text,
	"mobile" text,
	"is_cash_customer" boolean DEFAULT false NOT NULL,
	"credit_limit" numeric(12, 2),
	"current_balance" numeric(12, 2),
	"invoice_email" text,
	"address_line_1" text,
	"address_line_2" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_uid_unique" UNIQUE("uid"),
	CONSTRAINT "clients_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "clients_country_check" CHECK ("clients"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "collection_pricing_kits" (
	"kit_collection_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_pricing_kits_kit_collection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_uid" uuid NOT NULL,
	"kit_id" integer NOT NULL,
	"dentate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_pricing_kits_dentate_check" CHECK ("collection_pricing_kits"."dentate" IN ('UPPER', 'LOWER'))
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "collections_collection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100000 CACHE 1),
	"patient_reference" text NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"shipping_client_id" integer NOT NULL,
	"billing_client_id" integer,
	"ordering_platform" text DEFAULT 'oep' NOT NULL,
	"fulfillment_branch_id" integer,
	"order_stage_id" integer,
	"portal_key" text NOT NULL,
	"new_folder_structure" boolean DEFAULT true NOT NULL,
	"location_required" boolean DEFAULT false NOT NULL,
	"bin_location" text,
	"bin_location_branch_id" integer,
	"folder_path" text,
	"file_lock_until" timestamp with time zone,
	"created_by_id" integer,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_collection_id_unique" UNIQUE("collection_id"),
	CONSTRAINT "collections_portal_key_unique" UNIQUE("portal_key"),
	CONSTRAINT "collections_ordering_platform_check" CHECK ("collections"."ordering_platform" IN ('oep', 'nexus_ios', 'nclab'))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referrer_client_id" integer NOT NULL,
	"referree_identification" text NOT NULL,
	"referree_client_id" integer,
	"accepted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"collection_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "dispatch_cases" (
	"dispatch_id" integer NOT NULL,
	"case_uid" uuid NOT NULL,
	CONSTRAINT "dispatch_cases_dispatch_id_case_uid_pk" PRIMARY KEY("dispatch_id","case_uid")
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"collection_uid" uuid NOT NULL,
	"branch_id" integer,
	"courier" text,
	"tracking_reference" text,
	"shipping_address" jsonb NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_by_id" integer,
	CONSTRAINT "dispatches_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "case_return_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_return_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"oft_file_name" text NOT NULL,
	"oft_file_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "file_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_links_purpose_check" CHECK ("file_links"."purpose" IN ('upload', 'download'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text,
	"size_bytes" bigint,
	"sha256" text,
	"file_category" text NOT NULL,
	"collection_uid" uuid,
	"case_uid" uuid,
	"partner_id" integer,
	"uploaded_by_id" integer,
	"uploaded_by_reference" text,
	"added" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" integer,
	"blurred_from_file_id" integer,
	"upload_state" text DEFAULT 'complete' NOT NULL,
	CONSTRAINT "files_uid_unique" UNIQUE("uid"),
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_category_check" CHECK ("files"."file_category" IN ('order_file', 'internal_file', 'approval_file', 'outsource_sent_file', 'outsource_received_file', 'return_file', 'note_attachment', 'message_attachment', 'collection_file')),
	CONSTRAINT "files_upload_state_check" CHECK ("files"."upload_state" IN ('pending', 'complete')),
	CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" IS NULL OR "files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "implants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "implants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"tooth" smallint NOT NULL,
	"platform_id" integer,
	"screw_id" integer,
	"tibase_id" integer,
	"biaxial" boolean DEFAULT false NOT NULL,
	"engaging" boolean DEFAULT false NOT NULL,
	"using_default_screw" boolean DEFAULT true NOT NULL,
	"using_default_tibase" boolean DEFAULT true NOT NULL,
	"screw_turns" numeric(5, 2),
	"measuring_cylinder" text,
	"measuring_cylinder_height" numeric(6, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "implants_tooth_check" CHECK ("implants"."tooth" / 10 BETWEEN 1 AND 4 AND "implants"."tooth" % 10 BETWEEN 1 AND 8),
	CONSTRAINT "implants_pontic_check" CHECK ("implants"."platform_id" IS NOT NULL OR ("implants"."screw_id" IS NULL AND "implants"."tibase_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "invoice_cases" (
	"invoice_id" integer NOT NULL,
	"case_uid" uuid NOT NULL,
	"split_amount" numeric(12, 2),
	CONSTRAINT "invoice_cases_invoice_id_case_uid_pk" PRIMARY KEY("invoice_id","case_uid"),
	CONSTRAINT "invoice_cases_split_check" CHECK ("invoice_cases"."split_amount" IS NULL OR "invoice_cases"."split_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"case_uid" uuid,
	"dentate" text,
	"description" text NOT NULL,
	"total_qty" numeric(10, 2),
	"unit_price" numeric(12, 2),
	"total_amount" numeric(12, 2),
	"is_fixed" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_lines_dentate_check" CHECK ("invoice_lines"."dentate" IS NULL OR "invoice_lines"."dentate" IN ('UPPER', 'LOWER', 'BOTH', 'NONE'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 200000 CACHE 1),
	"invoice_group_uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"collection_uid" uuid NOT NULL,
	"shipping_client_id" integer NOT NULL,
	"billing_client_id" integer,
	"purchase_order_number" text,
	"invoice_platform" text DEFAULT 'OEP' NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"freight" numeric(12, 2) DEFAULT '0' NOT NULL,
	"finalised" boolean DEFAULT false NOT NULL,
	"finalised_at" timestamp with time zone,
	"finalised_by_id" integer,
	"finalised_snapshot" jsonb,
	"invoice_date" date,
	"manually_invoiced_at" timestamp with time zone,
	"manually_invoiced_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_platform_check" CHECK ("invoices"."invoice_platform" IN ('OEP', 'NEXUS')),
	CONSTRAINT "invoices_currency_check" CHECK ("invoices"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "invoices_freight_check" CHECK ("invoices"."freight" >= 0),
	CONSTRAINT "invoices_finalised_check" CHECK ("invoices"."finalised" = ("invoices"."finalised_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "item_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"description" text NOT NULL,
	"is_selected" boolean DEFAULT false NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_percentage" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "item_options_amount_check" CHECK ("item_options"."amount" >= 0 AND (NOT "item_options"."is_percentage" OR "item_options"."amount" <= 100))
);
--> statement-breakpoint
CREATE TABLE "price_list" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_list_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_type_id" integer,
	"kit_id" integer,
	"component_id" integer,
	"country" text NOT NULL,
	"client_id" integer,
	"currency" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "price_list_one_item_check" CHECK (num_nonnulls("price_list"."job_type_id", "price_list"."kit_id", "price_list"."component_id") = 1),
	CONSTRAINT "price_list_country_check" CHECK ("price_list"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "price_list_currency_check" CHECK ("price_list"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "price_list_price_check" CHECK ("price_list"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_uid" uuid NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_portal_reads" (
	"message_uid" uuid PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_read_receipts" (
	"message_uid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_read_receipts_message_uid_user_id_pk" PRIMARY KEY("message_uid","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_uid" uuid,
	"case_collection_uid" uuid,
	"case_uid" uuid,
	"approval_uid" uuid,
	"outsource_uid" uuid,
	"message_type" text NOT NULL,
	"visibility" text NOT NULL,
	"author_reference" text NOT NULL,
	"author_user_id" integer,
	"recipient_reference" text,
	"recipient_user_id" integer,
	"direction" text NOT NULL,
	"note" text NOT NULL,
	"resolvable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	CONSTRAINT "messages_visibility_check" CHECK ("messages"."visibility" IN ('STAFF', 'PARTNERS', 'SALES', 'CLIENTS')),
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" IN ('INBOUND', 'OUTBOUND', 'STATIC')),
	CONSTRAINT "messages_owner_check" CHECK ("messages"."client_uid" IS NOT NULL OR "messages"."case_collection_uid" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"communication_type" text NOT NULL,
	"communication_provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"client_uid" uuid,
	"case_collection_uid" uuid,
	"case_uid" uuid,
	"approval_uid" uuid,
	"outsource_uid" uuid,
	"recipient" text NOT NULL,
	"subject" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"tracking_key" text,
	"response" jsonb,
	"error" text,
	CONSTRAINT "communications_uid_unique" UNIQUE("uid"),
	CONSTRAINT "communications_tracking_key_unique" UNIQUE("tracking_key"),
	CONSTRAINT "communications_provider_check" CHECK ("communications"."communication_provider" IN ('EMAIL', 'FCM'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"notification_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"message_uid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"ignored_at" timestamp with time zone,
	"message_type" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"author_reference" text DEFAULT '' NOT NULL,
	"case_uid" uuid,
	"case_collection_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"device_type" text NOT NULL,
	"identification" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "push_devices_identification_key" UNIQUE("identification"),
	CONSTRAINT "push_devices_device_type_check" CHECK ("push_devices"."device_type" IN ('android', 'ios'))
);
--> statement-breakpoint
CREATE TABLE "order_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_uid" uuid NOT NULL,
	"case_uid" uuid,
	"json_data" jsonb NOT NULL,
	"source_platform" text,
	"source_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_forms_source_platform_check" CHECK ("order_forms"."source_platform" IS NULL OR "order_forms"."source_platform" IN ('oep', 'nexus_ios', 'nclab'))
);
--> statement-breakpoint
CREATE TABLE "integrated_outsource_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integrated_outsource_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outsource_id" integer NOT NULL,
	"adapter_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_detail" text,
	"partner_reference" text,
	"response_status" text,
	"redo_requested_at" timestamp with time zone,
	"redo_payload" jsonb,
	"redo_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrated_outsource_requests_adapter_check" CHECK ("integrated_outsource_requests"."adapter_type" IN ('EVIDENT')),
	CONSTRAINT "integrated_outsource_requests_retry_check" CHECK ("integrated_outsource_requests"."retry_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outsource_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outsource_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outsource_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_reference" text NOT NULL,
	"author_user_id" integer,
	"note" text NOT NULL,
	"direction" text NOT NULL,
	CONSTRAINT "outsource_messages_direction_check" CHECK ("outsource_messages"."direction" IN ('INBOUND', 'OUTBOUND'))
);
--> statement-breakpoint
CREATE TABLE "outsources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outsources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"case_uid" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"start" timestamp with time zone,
	"end" timestamp with time zone,
	"expected_return" timestamp with time zone,
	"marked_as_completed" timestamp with time zone,
	"due_soon_reminder" timestamp with time zone,
	"overdue_reminder" timestamp with time zone,
	"partner_status" text,
	"upload_not_required" boolean DEFAULT false NOT NULL,
	"tracking_number" text,
	"outsource_key" text,
	"job_type" text,
	"returning_branch_id" integer,
	"note" text,
	"additional_recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outsources_uid_unique" UNIQUE("uid"),
	CONSTRAINT "outsources_outsource_key_unique" UNIQUE("outsource_key"),
	CONSTRAINT "outsources_job_type_check" CHECK ("outsources"."job_type" IS NULL OR "outsources"."job_type" IN ('digital', 'physical'))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"adapter_type" text,
	"email" text,
	"base_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_name_unique" UNIQUE("name"),
	CONSTRAINT "partners_adapter_type_check" CHECK ("partners"."adapter_type" IS NULL OR "partners"."adapter_type" IN ('EVIDENT'))
);
--> statement-breakpoint
CREATE TABLE "machine_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"machine_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"color" text,
	"created_by_id" integer,
	CONSTRAINT "machine_plans_time_check" CHECK ("machine_plans"."start_time" <= "machine_plans"."end_time")
);
--> statement-breakpoint
CREATE TABLE "machine_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machine_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"machine_id" integer,
	"branch_id" integer NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"status" text DEFAULT 'Pending' NOT NULL,
	"color" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "machine_projects_status_check" CHECK ("machine_projects"."status" IN ('Pending', 'Ready', 'Complete')),
	CONSTRAINT "machine_projects_time_check" CHECK ("machine_projects"."end_time" IS NULL OR "machine_projects"."start_time" <= "machine_projects"."end_time")
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "machines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"branch_id" integer NOT NULL,
	"kind" text DEFAULT 'mill' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_gauge_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_gauge_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_key" text NOT NULL,
	"created_by_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"duration_hours" numeric(6, 2) NOT NULL,
	"machine_id" integer,
	"implant_reference_code" text NOT NULL,
	"implant_name" text NOT NULL,
	CONSTRAINT "scan_gauge_batches_batch_key_unique" UNIQUE("batch_key"),
	CONSTRAINT "scan_gauge_batches_duration_check" CHECK ("scan_gauge_batches"."duration_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "approval_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"standard_due_seconds" integer DEFAULT 86400 NOT NULL,
	"voids_warranty" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "approval_types_due_check" CHECK ("approval_types"."standard_due_seconds" >= 1800)
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"virtual_product" boolean DEFAULT false NOT NULL,
	"requires_return_file" boolean DEFAULT false NOT NULL,
	"product_class" text DEFAULT 'Other' NOT NULL,
	"price" numeric(12, 2),
	"standard_turnaround_days" integer DEFAULT 10 NOT NULL,
	"min_metrology_seconds" integer DEFAULT 0 NOT NULL,
	"min_design_seconds" integer DEFAULT 0 NOT NULL,
	"min_machining_seconds" integer DEFAULT 0 NOT NULL,
	"min_dispatch_seconds" integer DEFAULT 0 NOT NULL,
	"ratio_metrology" numeric(5, 4) DEFAULT '0' NOT NULL,
	"ratio_design" numeric(5, 4) DEFAULT '0' NOT NULL,
	"ratio_machining" numeric(5, 4) DEFAULT '0' NOT NULL,
	"ratio_dispatch" numeric(5, 4) DEFAULT '0' NOT NULL,
	"preemptive_partner_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "job_types_name_unique" UNIQUE("name"),
	CONSTRAINT "job_types_turnaround_check" CHECK ("job_types"."standard_turnaround_days" > 0),
	CONSTRAINT "job_types_min_seconds_check" CHECK ("job_types"."min_metrology_seconds" >= 0 AND "job_types"."min_design_seconds" >= 0 AND "job_types"."min_machining_seconds" >= 0 AND "job_types"."min_dispatch_seconds" >= 0),
	CONSTRAINT "job_types_ratios_check" CHECK ("job_types"."ratio_metrology" >= 0 AND "job_types"."ratio_design" >= 0 AND "job_types"."ratio_machining" >= 0 AND "job_types"."ratio_dispatch" >= 0 AND "job_types"."ratio_metrology" + "job_types"."ratio_design" + "job_types"."ratio_machining" + "job_types"."ratio_dispatch" <= 1)
);
--> statement-breakpoint
CREATE TABLE "key_value" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "material_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "material_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"material_type_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "materials_type_name_key" UNIQUE("material_type_id","name")
);
--> statement-breakpoint
CREATE TABLE "message_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_types_visibility_check" CHECK ("message_types"."visibility" IN ('STAFF', 'PARTNERS', 'SALES', 'CLIENTS'))
);
--> statement-breakpoint
CREATE TABLE "order_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"parent_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"in_design" boolean DEFAULT false NOT NULL,
	"in_production" boolean DEFAULT false NOT NULL,
	"in_finishing" boolean DEFAULT false NOT NULL,
	"dispatch_ready" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "statuses_parent_name_key" UNIQUE("parent_name","name"),
	CONSTRAINT "statuses_parent_name_check" CHECK ("statuses"."parent_name" IN ('ORDERED', 'IN DESIGN', 'IN PRODUCTION', 'IN LAB', 'DISPATCHED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "user_main_branches" (
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "user_main_branches_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "user_printers" (
	"user_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	CONSTRAINT "user_printers_user_id_printer_id_pk" PRIMARY KEY("user_id","printer_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"department" text NOT NULL,
	"all_departments" boolean DEFAULT false NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"staging" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"branch_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_department_check" CHECK ("users"."department" IN ('ADMIN', 'DESIGN', 'MACHINING', 'POLISHING', 'WAREHOUSE', 'SALES', 'SUPPORT'))
);
--> statement-breakpoint
CREATE TABLE "component_stock" (
	"component_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"quantity_on_hand" integer DEFAULT 0 NOT NULL,
	"location" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "component_stock_component_id_branch_id_pk" PRIMARY KEY("component_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "pick_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"picking_slip_id" integer NOT NULL,
	"component_id" integer,
	"code" text NOT NULL,
	"quantity" integer NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "pick_items_quantity_check" CHECK ("pick_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "picking_slips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_slips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_uid" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by_id" integer,
	"picked_at" timestamp with time zone,
	"picked_by_id" integer,
	"lot_numbers" jsonb
);
--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_approval_uid_approvals_uid_fk" FOREIGN KEY ("approval_uid") REFERENCES "public"."approvals"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_files" ADD CONSTRAINT "approval_files_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approval_type_approval_types_code_fk" FOREIGN KEY ("approval_type") REFERENCES "public"."approval_types"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_audit" ADD CONSTRAINT "case_audit_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_audit" ADD CONSTRAINT "case_audit_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_audit" ADD CONSTRAINT "delegation_audit_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_audit" ADD CONSTRAINT "delegation_audit_delegated_to_id_users_id_fk" FOREIGN KEY ("delegated_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_audit" ADD CONSTRAINT "delegation_audit_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_audit" ADD CONSTRAINT "implant_audit_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_audit" ADD CONSTRAINT "implant_audit_implant_id_implants_id_fk" FOREIGN KEY ("implant_id") REFERENCES "public"."implants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_audit" ADD CONSTRAINT "implant_audit_modified_by_id_users_id_fk" FOREIGN KEY ("modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_audit" ADD CONSTRAINT "location_audit_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_audit" ADD CONSTRAINT "location_audit_bin_location_branch_id_branches_id_fk" FOREIGN KEY ("bin_location_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_audit" ADD CONSTRAINT "location_audit_moved_by_id_users_id_fk" FOREIGN KEY ("moved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_closures" ADD CONSTRAINT "branch_closures_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_client_gauge_kits" ADD CONSTRAINT "case_client_gauge_kits_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_client_gauge_kits" ADD CONSTRAINT "case_client_gauge_kits_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_component_lines" ADD CONSTRAINT "case_component_lines_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_component_lines" ADD CONSTRAINT "case_component_lines_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_redo_of_case_uid_cases_uid_fk" FOREIGN KEY ("redo_of_case_uid") REFERENCES "public"."cases"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_delegated_to_id_users_id_fk" FOREIGN KEY ("delegated_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_delegated_by_id_users_id_fk" FOREIGN KEY ("delegated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_scan_gauge_kit_id_kits_id_fk" FOREIGN KEY ("scan_gauge_kit_id") REFERENCES "public"."kits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_machine_project_id_machine_projects_id_fk" FOREIGN KEY ("machine_project_id") REFERENCES "public"."machine_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_check_in_user_id_users_id_fk" FOREIGN KEY ("check_in_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_metrology_user_id_users_id_fk" FOREIGN KEY ("metrology_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_design_user_id_users_id_fk" FOREIGN KEY ("design_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_machine_user_id_users_id_fk" FOREIGN KEY ("machine_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_cases" ADD CONSTRAINT "related_cases_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_cases" ADD CONSTRAINT "related_cases_related_case_uid_cases_uid_fk" FOREIGN KEY ("related_case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_platforms" ADD CONSTRAINT "implant_platforms_default_straight_screw_id_screws_id_fk" FOREIGN KEY ("default_straight_screw_id") REFERENCES "public"."screws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_platforms" ADD CONSTRAINT "implant_platforms_default_biaxial_screw_id_screws_id_fk" FOREIGN KEY ("default_biaxial_screw_id") REFERENCES "public"."screws"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implant_platforms" ADD CONSTRAINT "implant_platforms_default_tibase_id_tibases_id_fk" FOREIGN KEY ("default_tibase_id") REFERENCES "public"."tibases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_availability" ADD CONSTRAINT "platform_availability_platform_id_implant_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."implant_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_availability" ADD CONSTRAINT "platform_availability_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screw_availability" ADD CONSTRAINT "screw_availability_screw_id_screws_id_fk" FOREIGN KEY ("screw_id") REFERENCES "public"."screws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screw_availability" ADD CONSTRAINT "screw_availability_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screws" ADD CONSTRAINT "screws_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tibase_availability" ADD CONSTRAINT "tibase_availability_tibase_id_tibases_id_fk" FOREIGN KEY ("tibase_id") REFERENCES "public"."tibases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tibase_availability" ADD CONSTRAINT "tibase_availability_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tibases" ADD CONSTRAINT "tibases_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checked_by_id_users_id_fk" FOREIGN KEY ("checked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identifications" ADD CONSTRAINT "client_identifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_identifications" ADD CONSTRAINT "client_identifications_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_pricing_kits" ADD CONSTRAINT "collection_pricing_kits_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_pricing_kits" ADD CONSTRAINT "collection_pricing_kits_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_shipping_client_id_clients_id_fk" FOREIGN KEY ("shipping_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_billing_client_id_clients_id_fk" FOREIGN KEY ("billing_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_fulfillment_branch_id_branches_id_fk" FOREIGN KEY ("fulfillment_branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_order_stage_id_order_stages_id_fk" FOREIGN KEY ("order_stage_id") REFERENCES "public"."order_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_bin_location_branch_id_branches_id_fk" FOREIGN KEY ("bin_location_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_client_id_clients_id_fk" FOREIGN KEY ("referrer_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referree_client_id_clients_id_fk" FOREIGN KEY ("referree_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cases" ADD CONSTRAINT "dispatch_cases_dispatch_id_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."dispatches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_cases" ADD CONSTRAINT "dispatch_cases_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_dispatched_by_id_users_id_fk" FOREIGN KEY ("dispatched_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_return_files" ADD CONSTRAINT "case_return_files_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_return_files" ADD CONSTRAINT "case_return_files_oft_file_uid_files_uid_fk" FOREIGN KEY ("oft_file_uid") REFERENCES "public"."files"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_return_files" ADD CONSTRAINT "case_return_files_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_blurred_from_file_id_files_id_fk" FOREIGN KEY ("blurred_from_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_platform_id_implant_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."implant_platforms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_screw_id_screws_id_fk" FOREIGN KEY ("screw_id") REFERENCES "public"."screws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "implants" ADD CONSTRAINT "implants_tibase_id_tibases_id_fk" FOREIGN KEY ("tibase_id") REFERENCES "public"."tibases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cases" ADD CONSTRAINT "invoice_cases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cases" ADD CONSTRAINT "invoice_cases_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shipping_client_id_clients_id_fk" FOREIGN KEY ("shipping_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_client_id_clients_id_fk" FOREIGN KEY ("billing_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_finalised_by_id_users_id_fk" FOREIGN KEY ("finalised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_manually_invoiced_by_id_users_id_fk" FOREIGN KEY ("manually_invoiced_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_options" ADD CONSTRAINT "item_options_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list" ADD CONSTRAINT "price_list_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_uid_messages_uid_fk" FOREIGN KEY ("message_uid") REFERENCES "public"."messages"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_portal_reads" ADD CONSTRAINT "message_portal_reads_message_uid_messages_uid_fk" FOREIGN KEY ("message_uid") REFERENCES "public"."messages"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_read_receipts" ADD CONSTRAINT "message_read_receipts_message_uid_messages_uid_fk" FOREIGN KEY ("message_uid") REFERENCES "public"."messages"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_read_receipts" ADD CONSTRAINT "message_read_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_uid_clients_uid_fk" FOREIGN KEY ("client_uid") REFERENCES "public"."clients"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_case_collection_uid_collections_uid_fk" FOREIGN KEY ("case_collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_approval_uid_approvals_uid_fk" FOREIGN KEY ("approval_uid") REFERENCES "public"."approvals"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_outsource_uid_outsources_uid_fk" FOREIGN KEY ("outsource_uid") REFERENCES "public"."outsources"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_message_type_message_types_code_fk" FOREIGN KEY ("message_type") REFERENCES "public"."message_types"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_client_uid_clients_uid_fk" FOREIGN KEY ("client_uid") REFERENCES "public"."clients"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_case_collection_uid_collections_uid_fk" FOREIGN KEY ("case_collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_approval_uid_approvals_uid_fk" FOREIGN KEY ("approval_uid") REFERENCES "public"."approvals"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_outsource_uid_outsources_uid_fk" FOREIGN KEY ("outsource_uid") REFERENCES "public"."outsources"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_uid_messages_uid_fk" FOREIGN KEY ("message_uid") REFERENCES "public"."messages"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_case_collection_uid_collections_uid_fk" FOREIGN KEY ("case_collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_forms" ADD CONSTRAINT "order_forms_collection_uid_collections_uid_fk" FOREIGN KEY ("collection_uid") REFERENCES "public"."collections"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_forms" ADD CONSTRAINT "order_forms_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_outsource_requests" ADD CONSTRAINT "integrated_outsource_requests_outsource_id_outsources_id_fk" FOREIGN KEY ("outsource_id") REFERENCES "public"."outsources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_outsource_requests" ADD CONSTRAINT "integrated_outsource_requests_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_messages" ADD CONSTRAINT "outsource_messages_outsource_uid_outsources_uid_fk" FOREIGN KEY ("outsource_uid") REFERENCES "public"."outsources"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsource_messages" ADD CONSTRAINT "outsource_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsources" ADD CONSTRAINT "outsources_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsources" ADD CONSTRAINT "outsources_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsources" ADD CONSTRAINT "outsources_returning_branch_id_branches_id_fk" FOREIGN KEY ("returning_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsources" ADD CONSTRAINT "outsources_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_plans" ADD CONSTRAINT "machine_plans_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_plans" ADD CONSTRAINT "machine_plans_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_projects" ADD CONSTRAINT "machine_projects_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_projects" ADD CONSTRAINT "machine_projects_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machine_projects" ADD CONSTRAINT "machine_projects_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_gauge_batches" ADD CONSTRAINT "scan_gauge_batches_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_gauge_batches" ADD CONSTRAINT "scan_gauge_batches_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_types" ADD CONSTRAINT "job_types_preemptive_partner_id_partners_id_fk" FOREIGN KEY ("preemptive_partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_value" ADD CONSTRAINT "key_value_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_material_type_id_material_types_id_fk" FOREIGN KEY ("material_type_id") REFERENCES "public"."material_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_main_branches" ADD CONSTRAINT "user_main_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_main_branches" ADD CONSTRAINT "user_main_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_printers" ADD CONSTRAINT "user_printers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_printers" ADD CONSTRAINT "user_printers_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_stock" ADD CONSTRAINT "component_stock_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_stock" ADD CONSTRAINT "component_stock_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_items" ADD CONSTRAINT "pick_items_picking_slip_id_picking_slips_id_fk" FOREIGN KEY ("picking_slip_id") REFERENCES "public"."picking_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_items" ADD CONSTRAINT "pick_items_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_slips" ADD CONSTRAINT "picking_slips_case_uid_cases_uid_fk" FOREIGN KEY ("case_uid") REFERENCES "public"."cases"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_slips" ADD CONSTRAINT "picking_slips_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_slips" ADD CONSTRAINT "picking_slips_picked_by_id_users_id_fk" FOREIGN KEY ("picked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_files_approval_idx" ON "approval_files" USING btree ("approval_uid");--> statement-breakpoint
CREATE INDEX "approval_files_file_idx" ON "approval_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "approvals_case_idx" ON "approvals" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "approvals_next_reminder_idx" ON "approvals" USING btree ("next_reminder_due") WHERE next_reminder_due IS NOT NULL AND approved_at IS NULL AND cancelled_at IS NULL;--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_collection_idx" ON "audit_events" USING btree ("collection_uid","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_case_idx" ON "audit_events" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "case_audit_case_idx" ON "case_audit" USING btree ("case_uid","modified_at");--> statement-breakpoint
CREATE INDEX "delegation_audit_case_idx" ON "delegation_audit" USING btree ("case_uid","modified_at");--> statement-breakpoint
CREATE INDEX "implant_audit_case_idx" ON "implant_audit" USING btree ("case_uid","modified_at");--> statement-breakpoint
CREATE INDEX "location_audit_collection_idx" ON "location_audit" USING btree ("collection_uid","moved_at");--> statement-breakpoint
CREATE INDEX "access_tokens_session_idx" ON "access_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_user_idx" ON "sign_in_failures" USING btree ("username","failed_at");--> statement-breakpoint
CREATE INDEX "branch_closures_branch_idx" ON "branch_closures" USING btree ("branch_id","starts_on");--> statement-breakpoint
CREATE INDEX "printers_branch_idx" ON "printers" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "case_client_gauge_kits_kit_idx" ON "case_client_gauge_kits" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "case_component_lines_case_idx" ON "case_component_lines" USING btree ("case_uid","kind");--> statement-breakpoint
CREATE INDEX "case_component_lines_component_idx" ON "case_component_lines" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "cases_active_collection_idx" ON "cases" USING btree ("collection_uid") WHERE active;--> statement-breakpoint
CREATE INDEX "cases_case_mkey_trgm" ON "cases" USING gin ("case_mkey" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cases_department_due_idx" ON "cases" USING btree ("department","internal_due") WHERE active;--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "cases_delegated_to_idx" ON "cases" USING btree ("delegated_to_id") WHERE active;--> statement-breakpoint
CREATE INDEX "cases_machine_project_idx" ON "cases" USING btree ("machine_project_id");--> statement-breakpoint
CREATE INDEX "cases_redo_of_idx" ON "cases" USING btree ("redo_of_case_uid");--> statement-breakpoint
CREATE INDEX "related_cases_related_idx" ON "related_cases" USING btree ("related_case_uid");--> statement-breakpoint
CREATE INDEX "components_kind_idx" ON "components" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "platform_availability_platform_idx" ON "platform_availability" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "screw_availability_screw_idx" ON "screw_availability" USING btree ("screw_id");--> statement-breakpoint
CREATE INDEX "tibase_availability_tibase_idx" ON "tibase_availability" USING btree ("tibase_id");--> statement-breakpoint
CREATE INDEX "checklist_items_case_idx" ON "checklist_items" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "checklist_templates_job_type_idx" ON "checklist_templates" USING btree ("job_type_id");--> statement-breakpoint
CREATE INDEX "client_identifications_value_idx" ON "client_identifications" USING btree ("value");--> statement-breakpoint
CREATE INDEX "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "clients_country_idx" ON "clients" USING btree ("country");--> statement-breakpoint
CREATE INDEX "collection_pricing_kits_collection_idx" ON "collection_pricing_kits" USING btree ("collection_uid");--> statement-breakpoint
CREATE INDEX "collections_patient_reference_trgm" ON "collections" USING gin ("patient_reference" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "collections_shipping_client_idx" ON "collections" USING btree ("shipping_client_id");--> statement-breakpoint
CREATE INDEX "collections_billing_client_idx" ON "collections" USING btree ("billing_client_id");--> statement-breakpoint
CREATE INDEX "collections_fulfillment_branch_idx" ON "collections" USING btree ("fulfillment_branch_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_client_id");--> statement-breakpoint
CREATE INDEX "referrals_referree_idx" ON "referrals" USING btree ("referree_client_id");--> statement-breakpoint
CREATE INDEX "referrals_collection_idx" ON "referrals" USING btree ("collection_uid");--> statement-breakpoint
CREATE INDEX "dispatch_cases_case_idx" ON "dispatch_cases" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "dispatches_collection_idx" ON "dispatches" USING btree ("collection_uid","dispatched_at");--> statement-breakpoint
CREATE INDEX "case_return_files_case_idx" ON "case_return_files" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "file_links_file_idx" ON "file_links" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "file_links_expires_idx" ON "file_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "files_case_category_idx" ON "files" USING btree ("case_uid","file_category") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "files_collection_idx" ON "files" USING btree ("collection_uid") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "files_blurred_from_idx" ON "files" USING btree ("blurred_from_file_id");--> statement-breakpoint
CREATE INDEX "implants_case_idx" ON "implants" USING btree ("case_uid") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "implants_platform_idx" ON "implants" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "invoice_cases_case_idx" ON "invoice_cases" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_case_idx" ON "invoice_lines" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "invoices_collection_idx" ON "invoices" USING btree ("collection_uid");--> statement-breakpoint
CREATE INDEX "invoices_group_idx" ON "invoices" USING btree ("invoice_group_uid");--> statement-breakpoint
CREATE INDEX "invoices_billing_client_idx" ON "invoices" USING btree ("billing_client_id");--> statement-breakpoint
CREATE INDEX "item_options_case_idx" ON "item_options" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "price_list_job_type_idx" ON "price_list" USING btree ("job_type_id");--> statement-breakpoint
CREATE INDEX "price_list_kit_idx" ON "price_list" USING btree ("kit_id");--> statement-breakpoint
CREATE INDEX "price_list_component_idx" ON "price_list" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "price_list_client_idx" ON "price_list" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_uid");--> statement-breakpoint
CREATE INDEX "message_attachments_file_idx" ON "message_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "message_read_receipts_user_idx" ON "message_read_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_collection_idx" ON "messages" USING btree ("case_collection_uid","created_at");--> statement-breakpoint
CREATE INDEX "messages_case_idx" ON "messages" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "messages_client_idx" ON "messages" USING btree ("client_uid");--> statement-breakpoint
CREATE INDEX "messages_approval_idx" ON "messages" USING btree ("approval_uid");--> statement-breakpoint
CREATE INDEX "messages_outsource_idx" ON "messages" USING btree ("outsource_uid");--> statement-breakpoint
CREATE INDEX "messages_open_alerts_idx" ON "messages" USING btree ("case_collection_uid") WHERE resolvable AND resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "communications_collection_idx" ON "communications" USING btree ("case_collection_uid","created_at");--> statement-breakpoint
CREATE INDEX "communications_case_idx" ON "communications" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "communications_approval_idx" ON "communications" USING btree ("approval_uid");--> statement-breakpoint
CREATE INDEX "notifications_user_open_idx" ON "notifications" USING btree ("user_id","created_at") WHERE dismissed_at IS NULL AND ignored_at IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_message_idx" ON "notifications" USING btree ("message_uid");--> statement-breakpoint
CREATE INDEX "notifications_expires_idx" ON "notifications" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "push_devices_client_idx" ON "push_devices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "order_forms_collection_idx" ON "order_forms" USING btree ("collection_uid");--> statement-breakpoint
CREATE INDEX "order_forms_case_idx" ON "order_forms" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "order_forms_source_idx" ON "order_forms" USING btree ("source_platform","source_reference");--> statement-breakpoint
CREATE INDEX "integrated_outsource_requests_outsource_idx" ON "integrated_outsource_requests" USING btree ("outsource_id");--> statement-breakpoint
CREATE INDEX "integrated_outsource_requests_partner_ref_idx" ON "integrated_outsource_requests" USING btree ("adapter_type","partner_reference");--> statement-breakpoint
CREATE INDEX "outsource_messages_outsource_idx" ON "outsource_messages" USING btree ("outsource_uid","created_at");--> statement-breakpoint
CREATE INDEX "outsources_case_idx" ON "outsources" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "outsources_partner_idx" ON "outsources" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "outsources_open_due_idx" ON "outsources" USING btree ("expected_return") WHERE start IS NOT NULL AND "end" IS NULL;--> statement-breakpoint
CREATE INDEX "machine_plans_machine_time_idx" ON "machine_plans" USING btree ("machine_id","start_time");--> statement-breakpoint
CREATE INDEX "machine_projects_machine_time_idx" ON "machine_projects" USING btree ("machine_id","start_time");--> statement-breakpoint
CREATE INDEX "machine_projects_branch_idx" ON "machine_projects" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "machines_branch_idx" ON "machines" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "scan_gauge_batches_machine_idx" ON "scan_gauge_batches" USING btree ("machine_id","started_at");--> statement-breakpoint
CREATE INDEX "key_value_expires_idx" ON "key_value" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_main_branches_branch_idx" ON "user_main_branches" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "user_printers_printer_idx" ON "user_printers" USING btree ("printer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department");--> statement-breakpoint
CREATE INDEX "component_stock_branch_idx" ON "component_stock" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "pick_items_slip_idx" ON "pick_items" USING btree ("picking_slip_id");--> statement-breakpoint
CREATE INDEX "picking_slips_case_idx" ON "picking_slips" USING btree ("case_uid");--> statement-breakpoint
CREATE INDEX "picking_slips_unpicked_idx" ON "picking_slips" USING btree ("requested_at") WHERE picked_at IS NULL;