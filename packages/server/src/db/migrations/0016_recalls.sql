CREATE TABLE "recall_notices" (
	"recall_id" integer NOT NULL,
	"collection_uid" uuid NOT NULL,
	"message_uid" uuid NOT NULL,
	CONSTRAINT "recall_notices_recall_id_collection_uid_pk" PRIMARY KEY("recall_id","collection_uid")
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recalls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article" text NOT NULL,
	"lot" text NOT NULL,
	"notice_reference" text NOT NULL,
	"message" text NOT NULL,
	"case_count" integer NOT NULL,
	"notified_by_id" integer,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recall_notices" ADD CONSTRAINT "recall_notices_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalls" ADD CONSTRAINT "recalls_notified_by_id_users_id_fk" FOREIGN KEY ("notified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_notices_collection_idx" ON "recall_notices" USING btree ("collection_uid");