ALTER TABLE "outsource_messages" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "outsource_messages" CASCADE;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "outsource_uid" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_outsource_uid_outsources_uid_fk" FOREIGN KEY ("outsource_uid") REFERENCES "public"."outsources"("uid") ON DELETE set null ON UPDATE no action;