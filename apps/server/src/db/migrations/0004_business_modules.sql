ALTER TABLE "xpark_storage_bill_line" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "xpark_storage_bill_line" ADD COLUMN "unit_quantity" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "xpark_storage_init" ADD COLUMN "unit_id" bigint;--> statement-breakpoint
ALTER TABLE "xpark_storage_init" ADD COLUMN "unit_quantity" numeric(18, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_place_code_uq" ON "xpark_asset_place" USING btree ("tenant_id","kind","code") WHERE is_deleted = 0;