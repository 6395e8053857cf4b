-- Prepended to migration 0002 by scripts/generate-migration.mjs (drizzle-kit cannot say it).
-- pg_trgm backs the trigram indexes of `like` filters; PGlite loads it in db/client.ts.
create extension if not exists pg_trgm;
--> statement-breakpoint
CREATE TABLE "xpark_canteen" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"auto_publish" smallint DEFAULT 0 NOT NULL,
	"order_ahead_days" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_allowance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"meal_type" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_common_food" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"category_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"picture" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_cook" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"user_id" bigint,
	"name" varchar(32) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"health_cert_no" varchar(64) DEFAULT '' NOT NULL,
	"cert_expire" timestamp with time zone,
	"picture" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_food" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"picture" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_food_category" (
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
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_food_raw" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"food_id" bigint NOT NULL,
	"raw_name" varchar(64) NOT NULL,
	"supplier" varchar(64) DEFAULT '' NOT NULL,
	"origin" varchar(64) DEFAULT '' NOT NULL,
	"batch_no" varchar(64) DEFAULT '' NOT NULL,
	"purchase_date" timestamp with time zone,
	"inspect_result" varchar(64) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_food_safe" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"food_name" varchar(64) NOT NULL,
	"check_date" timestamp with time zone,
	"inspector" varchar(32) DEFAULT '' NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"pictures" varchar(2000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_holiday" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"holiday_date" varchar(10) NOT NULL,
	"name" varchar(64) NOT NULL,
	"day_type" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_image" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"url" varchar(500) NOT NULL,
	"img_type" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_meal" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"name" varchar(32) NOT NULL,
	"meal_type" integer NOT NULL,
	"meal_mode" integer DEFAULT 1 NOT NULL,
	"start_time" varchar(5) DEFAULT '' NOT NULL,
	"end_time" varchar(5) DEFAULT '' NOT NULL,
	"order_deadline" varchar(5) DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_meal_time" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"name" varchar(32) NOT NULL,
	"meal_type" integer NOT NULL,
	"start_time" varchar(5) DEFAULT '' NOT NULL,
	"end_time" varchar(5) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" varchar(4000) DEFAULT '' NOT NULL,
	"canteen_id" bigint
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_order" (
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
	"canteen_id" bigint NOT NULL,
	"publish_id" bigint NOT NULL,
	"card_id" bigint NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"user_name" varchar(64) DEFAULT '' NOT NULL,
	"order_date" varchar(10) NOT NULL,
	"meal_type" integer NOT NULL,
	"total_fee" bigint DEFAULT 0 NOT NULL,
	"pay_price" bigint DEFAULT 0 NOT NULL,
	"refund_fee" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"pay_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_order_apply" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"applicant" varchar(32) NOT NULL,
	"apply_date" varchar(10) NOT NULL,
	"meal_type" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_order_food" (
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
	"publish_food_id" bigint NOT NULL,
	"food_id" bigint NOT NULL,
	"food_name" varchar(64) NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"score" smallint DEFAULT 0 NOT NULL,
	"comment" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_phase" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"start_time" varchar(5) DEFAULT '' NOT NULL,
	"end_time" varchar(5) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_publish" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"canteen_id" bigint NOT NULL,
	"publish_date" varchar(10) NOT NULL,
	"meal_type" integer NOT NULL,
	"food_count" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_publish_food" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"publish_id" bigint NOT NULL,
	"food_id" bigint NOT NULL,
	"food_name" varchar(64) DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_canteen_refund" (
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
	"refund_no" varchar(64) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
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
CREATE TABLE "xpark_finance_bill" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"card_id" bigint NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"holder_name" varchar(64) DEFAULT '' NOT NULL,
	"bill_type" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"source_type" varchar(32) NOT NULL,
	"source_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_finance_card" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"holder_name" varchar(64) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"balance" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "xpark_finance_card_balance_ck" CHECK ("xpark_finance_card"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xpark_finance_pay_order" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"trade_no" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" varchar(128) DEFAULT '' NOT NULL,
	"total_fee" bigint NOT NULL,
	"sms_count" integer DEFAULT 0 NOT NULL,
	"card_id" bigint,
	"card_no" varchar(32) DEFAULT '' NOT NULL,
	"setting_id" bigint,
	"code_url" varchar(500) DEFAULT '' NOT NULL,
	"transaction_id" varchar(64) DEFAULT '' NOT NULL,
	"pay_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_finance_pay_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"app_id" varchar(64) NOT NULL,
	"mch_id" varchar(32) NOT NULL,
	"mch_key" varchar(128) DEFAULT '' NOT NULL,
	"key_hint" varchar(16) DEFAULT '' NOT NULL,
	"gateway" varchar(500) DEFAULT '' NOT NULL,
	"notify_url" varchar(500) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_finance_recharge" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"card_id" bigint NOT NULL,
	"card_no" varchar(32) NOT NULL,
	"holder_name" varchar(64) DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"recharge_type" integer NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"trade_no" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_finance_sms_account" (
	"tenant_id" varchar(12) PRIMARY KEY NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user_dept" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "blade_user_dept_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"dept_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_tenant_page_idx" ON "xpark_canteen_food" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_tenant_dept_idx" ON "xpark_canteen_food" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_tenant_user_idx" ON "xpark_canteen_food" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_canteen_idx" ON "xpark_canteen_food" USING btree ("tenant_id","canteen_id");--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_category_parent_idx" ON "xpark_canteen_food_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "xpark_canteen_food_raw_food_idx" ON "xpark_canteen_food_raw" USING btree ("tenant_id","food_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_canteen_holiday_date_uq" ON "xpark_canteen_holiday" USING btree ("tenant_id","holiday_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_tenant_page_idx" ON "xpark_canteen_order" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_tenant_dept_idx" ON "xpark_canteen_order" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_tenant_user_idx" ON "xpark_canteen_order" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_canteen_order_no_uq" ON "xpark_canteen_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_date_idx" ON "xpark_canteen_order" USING btree ("tenant_id","order_date");--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_food_order_idx" ON "xpark_canteen_order_food" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "xpark_canteen_publish_tenant_page_idx" ON "xpark_canteen_publish" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_publish_tenant_dept_idx" ON "xpark_canteen_publish" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_publish_tenant_user_idx" ON "xpark_canteen_publish" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_canteen_publish_uq" ON "xpark_canteen_publish" USING btree ("tenant_id","canteen_id","publish_date","meal_type") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_publish_food_publish_idx" ON "xpark_canteen_publish_food" USING btree ("tenant_id","publish_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_canteen_refund_no_uq" ON "xpark_canteen_refund" USING btree ("tenant_id","refund_no");--> statement-breakpoint
CREATE INDEX "xpark_canteen_refund_order_idx" ON "xpark_canteen_refund" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "xpark_commodity_message_type_idx" ON "xpark_commodity_message" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_message_code_uq" ON "xpark_commodity_message" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_time_idx" ON "xpark_commodity_order" USING btree ("tenant_id","order_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_order_no_uq" ON "xpark_commodity_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_item_order_idx" ON "xpark_commodity_order_item" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "xpark_commodity_type_parent_idx" ON "xpark_commodity_type" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_type_code_uq" ON "xpark_commodity_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_unit_code_uq" ON "xpark_commodity_unit" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_bill_tenant_page_idx" ON "xpark_finance_bill" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_bill_tenant_dept_idx" ON "xpark_finance_bill" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_bill_tenant_user_idx" ON "xpark_finance_bill" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_bill_card_idx" ON "xpark_finance_bill" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "xpark_finance_bill_source_idx" ON "xpark_finance_bill" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "xpark_finance_card_tenant_page_idx" ON "xpark_finance_card" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_card_tenant_dept_idx" ON "xpark_finance_card" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_card_tenant_user_idx" ON "xpark_finance_card" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_finance_card_no_uq" ON "xpark_finance_card" USING btree ("tenant_id","card_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_pay_order_tenant_page_idx" ON "xpark_finance_pay_order" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_pay_order_tenant_dept_idx" ON "xpark_finance_pay_order" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_pay_order_tenant_user_idx" ON "xpark_finance_pay_order" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_finance_pay_order_trade_uq" ON "xpark_finance_pay_order" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "xpark_finance_pay_order_open_idx" ON "xpark_finance_pay_order" USING btree ("status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_finance_pay_setting_mch_uq" ON "xpark_finance_pay_setting" USING btree ("tenant_id","mch_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_recharge_tenant_page_idx" ON "xpark_finance_recharge" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_recharge_tenant_dept_idx" ON "xpark_finance_recharge" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_recharge_tenant_user_idx" ON "xpark_finance_recharge" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_finance_recharge_card_idx" ON "xpark_finance_recharge" USING btree ("card_id");--> statement-breakpoint
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
