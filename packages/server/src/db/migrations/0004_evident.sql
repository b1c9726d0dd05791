CREATE TABLE "partner_webhook_events" (
	"adapter_type" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_events_adapter_type_event_id_pk" PRIMARY KEY("adapter_type","event_id"),
	CONSTRAINT "partner_webhook_events_adapter_check" CHECK ("partner_webhook_events"."adapter_type" IN ('EVIDENT'))
);
--> statement-breakpoint
ALTER TABLE "integrated_outsource_requests" ADD COLUMN "polled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "partner_webhook_events_received_idx" ON "partner_webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "integrated_outsource_requests_due_idx" ON "integrated_outsource_requests" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;