DROP INDEX "cases_case_mkey_trgm";--> statement-breakpoint
DROP INDEX "collections_shipping_client_idx";--> statement-breakpoint
CREATE INDEX "cases_case_mkey_prefix" ON "cases" USING btree ("case_mkey" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_name_trigram_count" ON "clients" USING btree (array_length(show_trgm("name"), 1));--> statement-breakpoint
CREATE INDEX "collections_shipping_client_idx" ON "collections" USING btree ("shipping_client_id","collection_id");