CREATE TABLE "xpark_job_run" (
	"name" varchar(64) NOT NULL,
	"slot" bigint NOT NULL,
	"node" varchar(255) DEFAULT '' NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xpark_job_run_name_slot_pk" PRIMARY KEY("name","slot")
);
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
CREATE TABLE "xpark_duty_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"duty_date" varchar(10) NOT NULL,
	"shift" integer NOT NULL,
	"user_id" bigint NOT NULL,
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
CREATE TABLE "xpark_home_page_config" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"role_id" bigint NOT NULL,
	"cards" varchar(1000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_intercom_auth" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"url" varchar(255) DEFAULT '' NOT NULL,
	"host_ip" varchar(64) DEFAULT '' NOT NULL,
	"custom_id" varchar(64) NOT NULL,
	"custom_pwd_secret" text DEFAULT '' NOT NULL,
	"dispatcher_pwd" text DEFAULT '' NOT NULL,
	"dispatcher_pwd_secret" text DEFAULT '' NOT NULL,
	"dispatcher_id" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_message" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"user_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"is_read" smallint DEFAULT 0 NOT NULL,
	"read_time" timestamp with time zone,
	"sender_name" varchar(64) DEFAULT '' NOT NULL,
	"module" varchar(32) DEFAULT '' NOT NULL,
	"link" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_scene_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"scene_id" bigint,
	"scene_name" varchar(64) NOT NULL,
	"result" integer DEFAULT 1 NOT NULL,
	"content" varchar(1000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_sms_record" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"category" integer NOT NULL,
	"template_id" varchar(255) DEFAULT '' NOT NULL,
	"phones" varchar(4000) NOT NULL,
	"phone_count" integer NOT NULL,
	"param_names" varchar(500) DEFAULT '' NOT NULL,
	"success" integer NOT NULL,
	"msg" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_oauth_provider" (
	"id" bigint PRIMARY KEY NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"name" varchar(64) NOT NULL,
	"code" varchar(32) NOT NULL,
	"issuer" varchar(255) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret" varchar(1024) DEFAULT '' NOT NULL,
	"scope" varchar(255) DEFAULT 'openid profile email' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_social_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"provider_id" bigint NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"account" varchar(45) NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"password" varchar(255) NOT NULL,
	"user_id" bigint,
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
ALTER TABLE "blade_user" ADD COLUMN "canteen_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "attendance_sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "meeting_sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "xpark_asset_type_idx" ON "xpark_asset" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_code_uq" ON "xpark_asset" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_property_code_uq" ON "xpark_asset_property" USING btree ("tenant_id","type_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_asset_type_parent_idx" ON "xpark_asset_type" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_asset_type_code_uq" ON "xpark_asset_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_asset_user_asset_idx" ON "xpark_asset_user" USING btree ("tenant_id","asset_id");--> statement-breakpoint
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
CREATE INDEX "xpark_duty_person_date_idx" ON "xpark_duty_person" USING btree ("tenant_id","duty_date","shift");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_duty_person_uq" ON "xpark_duty_person" USING btree ("tenant_id","duty_date","shift","user_id") WHERE is_deleted = 0;--> statement-breakpoint
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
CREATE UNIQUE INDEX "xpark_home_page_config_role_uq" ON "xpark_home_page_config" USING btree ("tenant_id","role_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_intercom_auth_tenant_uq" ON "xpark_intercom_auth" USING btree ("tenant_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_message_user_idx" ON "xpark_message" USING btree ("tenant_id","user_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_message_unread_idx" ON "xpark_message" USING btree ("tenant_id","user_id") WHERE is_deleted = 0 and is_read = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_log_tenant_page_idx" ON "xpark_scene_log" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_log_tenant_dept_idx" ON "xpark_scene_log" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_log_tenant_user_idx" ON "xpark_scene_log" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_sms_record_tenant_time_idx" ON "xpark_sms_record" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_oauth_provider_code_uq" ON "xpark_oauth_provider" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_social_user_tenant_page_idx" ON "xpark_social_user" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_social_user_subject_uq" ON "xpark_social_user" USING btree ("tenant_id","provider_id","subject") WHERE is_deleted = 0;--> statement-breakpoint
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
CREATE UNIQUE INDEX "xpark_storage_warehouse_code_uq" ON "xpark_storage_warehouse" USING btree ("tenant_id","code") WHERE is_deleted = 0;