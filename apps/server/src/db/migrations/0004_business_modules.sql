ALTER TABLE "xpark_storage_bill_line" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "xpark_storage_bill_line" ADD COLUMN "unit_quantity" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "xpark_storage_init" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "xpark_storage_init" ADD COLUMN "unit_quantity" numeric(18, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_place_code_uq" ON "xpark_asset_place" USING btree ("tenant_id","kind","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_key_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","goods_id","warehouse_id","batch_code","create_time","id");