CREATE TABLE "blade_app_info" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"app_name" varchar(64) NOT NULL,
	"platform" varchar(16) NOT NULL,
	"version_name" varchar(32) NOT NULL,
	"version_code" integer NOT NULL,
	"download_url" varchar(1000) DEFAULT '' NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_app_startup" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"title" varchar(64) NOT NULL,
	"image_url" varchar(1000) NOT NULL,
	"link_url" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_shortcut" (
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
	"name" varchar(64) NOT NULL,
	"path" varchar(255) NOT NULL,
	"menu_id" bigint,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_attach" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"link" varchar(1000) NOT NULL,
	"domain" varchar(500) DEFAULT '' NOT NULL,
	"name" varchar(500) NOT NULL,
	"original_name" varchar(500) DEFAULT '' NOT NULL,
	"extension" varchar(12) DEFAULT '' NOT NULL,
	"attach_size" bigint DEFAULT 0 NOT NULL,
	"oss_id" bigint
);
--> statement-breakpoint
CREATE TABLE "blade_oss" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"category" integer NOT NULL,
	"oss_code" varchar(32) NOT NULL,
	"endpoint" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"bucket_name" varchar(255),
	"app_id" varchar(255),
	"region" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_sms" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"category" integer NOT NULL,
	"sms_code" varchar(32) NOT NULL,
	"template_id" varchar(255),
	"access_key" varchar(255),
	"secret_key" varchar(255),
	"region_id" varchar(255),
	"sign_name" varchar(255),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "blade_menu_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"alias" varchar(255) DEFAULT 'menu' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"category" smallint DEFAULT 1 NOT NULL,
	"action" smallint DEFAULT 0 NOT NULL,
	"is_open" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"roles" varchar(255) DEFAULT '' NOT NULL,
	"keep_alive" boolean DEFAULT true NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu_app" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_staff_type" (
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
	"code" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_datasource" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"driver_class" varchar(100) NOT NULL,
	"url" varchar(500) NOT NULL,
	"username" varchar(50) NOT NULL,
	"password" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_production" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_production_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_proxy_production" (
	"id" bigint PRIMARY KEY NOT NULL,
	"proxy_id" bigint NOT NULL,
	"product_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_proxy_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"linkman" varchar(20) DEFAULT '' NOT NULL,
	"contact_number" varchar(20) DEFAULT '' NOT NULL,
	"logo" varchar(1000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_tenant_production" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"product_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "xpark_refresh_token" ADD COLUMN "source_user_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_tenant" ADD COLUMN "background_url" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_tenant" ADD COLUMN "datasource_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_tenant" ADD COLUMN "proxy_id" bigint;--> statement-breakpoint
ALTER TABLE "blade_user" ADD COLUMN "staff_type_id" bigint;--> statement-breakpoint
CREATE INDEX "blade_app_info_tenant_idx" ON "blade_app_info" USING btree ("tenant_id","platform","version_code");--> statement-breakpoint
CREATE INDEX "blade_app_startup_tenant_idx" ON "blade_app_startup" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "xpark_shortcut_user_idx" ON "xpark_shortcut" USING btree ("tenant_id","user_id","sort");--> statement-breakpoint
CREATE INDEX "blade_attach_tenant_idx" ON "blade_attach" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_attach_name_uq" ON "blade_attach" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_code_uq" ON "blade_oss" USING btree ("tenant_id","oss_code") WHERE "blade_oss"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_oss_enabled_uq" ON "blade_oss" USING btree ("tenant_id") WHERE "blade_oss"."status" = 2 and "blade_oss"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_code_uq" ON "blade_sms" USING btree ("tenant_id","sms_code") WHERE "blade_sms"."is_deleted" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_sms_enabled_uq" ON "blade_sms" USING btree ("tenant_id") WHERE "blade_sms"."status" = 2 and "blade_sms"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX "blade_role_menu_app_role_idx" ON "blade_role_menu_app" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_staff_type_tenant_code_uq" ON "blade_staff_type" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_datasource_name_uq" ON "blade_datasource" USING btree ("name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_production_menu_uq" ON "xpark_production_menu" USING btree ("product_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_proxy_production_uq" ON "xpark_proxy_production" USING btree ("proxy_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_tenant_production_uq" ON "xpark_tenant_production" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "xpark_tenant_production_product_idx" ON "xpark_tenant_production" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "xpark_refresh_token_source_idx" ON "xpark_refresh_token" USING btree ("source_user_id");