CREATE TABLE "idempotent_requests" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"claim_token" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"status_code" integer,
	"content_type" text,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_owner_key_pk" PRIMARY KEY("owner","key"),
	CONSTRAINT "idempotent_requests_state" CHECK ("idempotent_requests"."state" IN ('running', 'committed', 'answered'))
);
--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");