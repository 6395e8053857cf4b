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
CREATE INDEX "xpark_commodity_message_type_idx" ON "xpark_commodity_message" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_message_code_uq" ON "xpark_commodity_message" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_time_idx" ON "xpark_commodity_order" USING btree ("tenant_id","order_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_order_no_uq" ON "xpark_commodity_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_item_order_idx" ON "xpark_commodity_order_item" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "xpark_commodity_type_parent_idx" ON "xpark_commodity_type" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_type_code_uq" ON "xpark_commodity_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_commodity_unit_code_uq" ON "xpark_commodity_unit" USING btree ("tenant_id","code") WHERE is_deleted = 0;