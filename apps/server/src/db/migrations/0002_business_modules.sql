-- Prepended to migration 0002 by scripts/generate-migration.mjs (drizzle-kit cannot say it).
-- pg_trgm backs the trigram indexes of `like` filters; PGlite loads it in db/client.ts.
create extension if not exists pg_trgm;
--> statement-breakpoint
CREATE TABLE "xpark_asset" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"type_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"parent_id" bigint,
	"specification" varchar(64) DEFAULT '' NOT NULL,
	"purchase_price" bigint DEFAULT 0 NOT NULL,
	"residual_value" bigint DEFAULT 0 NOT NULL,
	"purchase_date" timestamp with time zone,
	"life_months" integer DEFAULT 0 NOT NULL,
	"warehouse_id" bigint,
	"place_id" bigint,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_asset_place" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"kind" smallint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"manager" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_asset_property" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"type_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_asset_type" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"life_months" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_asset_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"asset_id" bigint NOT NULL,
	"user_name" varchar(32) NOT NULL,
	"dept_name" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_commodity_message" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"type_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"picture" varchar(500) DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"specification" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_commodity_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"buyer_name" varchar(64) NOT NULL,
	"buyer_phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"delivery_time" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"order_time" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_commodity_order_item" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"order_id" bigint NOT NULL,
	"commodity_id" bigint NOT NULL,
	"commodity_name" varchar(64) NOT NULL,
	"price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_commodity_type" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"picture" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_commodity_unit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(16) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_bill" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"bill_no" varchar(32) NOT NULL,
	"bill_type" smallint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"target_warehouse_id" bigint,
	"supplier_id" bigint,
	"bill_date" timestamp with time zone,
	"handler" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"total_quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"check_user" bigint,
	"check_time" timestamp with time zone,
	"return_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_bill_line" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"bill_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"batch_code" varchar(32) DEFAULT '' NOT NULL,
	"production_date" timestamp with time zone,
	"expiry_date" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_card" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"location" varchar(64) DEFAULT '' NOT NULL,
	"min_quantity" numeric(18, 4),
	"max_quantity" numeric(18, 4),
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_classification" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_goods" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"classification_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"specification" varchar(64) DEFAULT '' NOT NULL,
	"unit" varchar(16) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"supplier_id" bigint,
	"barcode" varchar(32) DEFAULT '' NOT NULL,
	"min_stock" numeric(18, 4) DEFAULT '0' NOT NULL,
	"shelf_life_days" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_init" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"bill_number" varchar(32) NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"batch_code" varchar(32) DEFAULT '' NOT NULL,
	"production_date" timestamp with time zone,
	"expiry_date" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_inventory" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"plan_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"plan_date" timestamp with time zone,
	"counter" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"profit_status" smallint DEFAULT 0 NOT NULL,
	"loss_status" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_inventory_line" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"inventory_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"batch_code" varchar(32) DEFAULT '' NOT NULL,
	"book_quantity" numeric(18, 4) NOT NULL,
	"count_quantity" numeric(18, 4),
	"price" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_ledger" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"kind" smallint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"batch_code" varchar(32) DEFAULT '' NOT NULL,
	"bill_id" bigint NOT NULL,
	"bill_no" varchar(32) DEFAULT '' NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"before" numeric(18, 4) NOT NULL,
	"after" numeric(18, 4) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_measurement" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(16) NOT NULL,
	"goods_id" bigint,
	"ratio" numeric(18, 4) DEFAULT '1' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_stock" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"batch_code" varchar(32) DEFAULT '' NOT NULL,
	"quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"production_date" timestamp with time zone,
	"expiry_date" timestamp with time zone,
	CONSTRAINT "xpark_storage_stock_not_negative" CHECK ("xpark_storage_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_supplier" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"sort_id" bigint NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"settlement_mode" varchar(16) DEFAULT '' NOT NULL,
	"procured_type" varchar(16) DEFAULT '' NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_supplier_sort" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_storage_warehouse" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"keeper" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_dept" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "blade_user_dept_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "xpark_asset_type_idx" ON "xpark_asset" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_code_uq" ON "xpark_asset" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_property_code_uq" ON "xpark_asset_property" USING btree ("tenant_id","type_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_asset_type_parent_idx" ON "xpark_asset_type" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_type_code_uq" ON "xpark_asset_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_asset_user_asset_idx" ON "xpark_asset_user" USING btree ("tenant_id","asset_id");--> statement-breakpoint
CREATE INDEX "xpark_commodity_message_type_idx" ON "xpark_commodity_message" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_message_code_uq" ON "xpark_commodity_message" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_time_idx" ON "xpark_commodity_order" USING btree ("tenant_id","order_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_order_no_uq" ON "xpark_commodity_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_item_order_idx" ON "xpark_commodity_order_item" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "xpark_commodity_type_parent_idx" ON "xpark_commodity_type" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_type_code_uq" ON "xpark_commodity_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_unit_code_uq" ON "xpark_commodity_unit" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_bill_no_uq" ON "xpark_storage_bill" USING btree ("tenant_id","bill_no");--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_type_idx" ON "xpark_storage_bill" USING btree ("tenant_id","bill_type","status");--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_tenant_page_idx" ON "xpark_storage_bill" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_tenant_dept_idx" ON "xpark_storage_bill" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_tenant_user_idx" ON "xpark_storage_bill" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_line_bill_idx" ON "xpark_storage_bill_line" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "xpark_storage_bill_line_goods_idx" ON "xpark_storage_bill_line" USING btree ("tenant_id","goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_card_uq" ON "xpark_storage_card" USING btree ("tenant_id","warehouse_id","goods_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_classification_parent_idx" ON "xpark_storage_classification" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_classification_code_uq" ON "xpark_storage_classification" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_goods_class_idx" ON "xpark_storage_goods" USING btree ("tenant_id","classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_goods_code_uq" ON "xpark_storage_goods" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_goods_tenant_page_idx" ON "xpark_storage_goods" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_goods_tenant_dept_idx" ON "xpark_storage_goods" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_goods_tenant_user_idx" ON "xpark_storage_goods" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_init_bill_idx" ON "xpark_storage_init" USING btree ("tenant_id","bill_number");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_inventory_no_uq" ON "xpark_storage_inventory" USING btree ("tenant_id","plan_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_inventory_line_plan_idx" ON "xpark_storage_inventory_line" USING btree ("tenant_id","inventory_id");--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_goods_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","goods_id","create_time");--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_bill_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_time_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_tenant_page_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_tenant_dept_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_ledger_tenant_user_idx" ON "xpark_storage_ledger" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_measurement_code_uq" ON "xpark_storage_measurement" USING btree ("tenant_id","code","goods_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_stock_key_uq" ON "xpark_storage_stock" USING btree ("tenant_id","warehouse_id","goods_id","batch_code");--> statement-breakpoint
CREATE INDEX "xpark_storage_stock_goods_idx" ON "xpark_storage_stock" USING btree ("tenant_id","goods_id");--> statement-breakpoint
CREATE INDEX "xpark_storage_stock_expiry_idx" ON "xpark_storage_stock" USING btree ("tenant_id","expiry_date");--> statement-breakpoint
CREATE INDEX "xpark_storage_supplier_sort_idx" ON "xpark_storage_supplier" USING btree ("tenant_id","sort_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_supplier_code_uq" ON "xpark_storage_supplier" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_storage_supplier_sort_parent_idx" ON "xpark_storage_supplier_sort" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_supplier_sort_code_uq" ON "xpark_storage_supplier_sort" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_storage_warehouse_code_uq" ON "xpark_storage_warehouse" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_dept_dept_user_uq" ON "blade_user_dept" USING btree ("dept_id","user_id");--> statement-breakpoint
CREATE INDEX "blade_user_dept_user_idx" ON "blade_user_dept" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blade_dept_tenant_ancestors_idx" ON "blade_dept" USING btree ("tenant_id","ancestors" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "blade_user_tenant_page_idx" ON "blade_user" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_tenant_dept_idx" ON "blade_user" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_tenant_user_idx" ON "blade_user" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_user_account_trgm_idx" ON "blade_user" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blade_user_real_name_trgm_idx" ON "blade_user" USING gin ("real_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blade_user_name_trgm_idx" ON "blade_user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "blade_user_phone_trgm_idx" ON "blade_user" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
-- Appended to migration 0002 by scripts/generate-migration.mjs (drizzle-kit cannot say it).
-- blade_user_dept holds one row per id of blade_user.dept_id, kept equal to it by statement-level
-- triggers, so every write path (forms, imports, provisioning, seeds, raw SQL) keeps it in sync.
-- Only well-formed ids become rows (CASE: SQL does not promise to test the pattern before the cast).
insert into blade_user_dept (user_id, dept_id)
select distinct u.id, d::bigint
from blade_user u, unnest(string_to_array(u.dept_id, ',')) as d
where case when d ~ '^[0-9]{1,19}$' then d::numeric <= 9223372036854775807 else false end;
--> statement-breakpoint
create or replace function xpark_user_dept_insert() returns trigger language plpgsql as $$
begin
  insert into blade_user_dept (user_id, dept_id)
  select distinct n.id, d::bigint
  from new_rows n, unnest(string_to_array(n.dept_id, ',')) as d
  where case when d ~ '^[0-9]{1,19}$' then d::numeric <= 9223372036854775807 else false end;
  return null;
end $$;
--> statement-breakpoint
create or replace function xpark_user_dept_update() returns trigger language plpgsql as $$
begin
  delete from blade_user_dept l
  using new_rows n join old_rows o on o.id = n.id
  where l.user_id = n.id and n.dept_id is distinct from o.dept_id;
  insert into blade_user_dept (user_id, dept_id)
  select distinct n.id, d::bigint
  from new_rows n join old_rows o on o.id = n.id, unnest(string_to_array(n.dept_id, ',')) as d
  where n.dept_id is distinct from o.dept_id
    and case when d ~ '^[0-9]{1,19}$' then d::numeric <= 9223372036854775807 else false end;
  return null;
end $$;
--> statement-breakpoint
create or replace function xpark_user_dept_delete() returns trigger language plpgsql as $$
begin
  delete from blade_user_dept l using old_rows o where l.user_id = o.id;
  return null;
end $$;
--> statement-breakpoint
create trigger blade_user_dept_on_insert after insert on blade_user
  referencing new table as new_rows for each statement execute function xpark_user_dept_insert();
--> statement-breakpoint
create trigger blade_user_dept_on_update after update on blade_user
  referencing old table as old_rows new table as new_rows for each statement execute function xpark_user_dept_update();
--> statement-breakpoint
create trigger blade_user_dept_on_delete after delete on blade_user
  referencing old table as old_rows for each statement execute function xpark_user_dept_delete();
