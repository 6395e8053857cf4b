CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(2) DEFAULT '1' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"time" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 200 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_error" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"stack_trace" text DEFAULT '' NOT NULL,
	"exception_name" varchar(255) DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"line_number" integer,
	"file_name" varchar(1000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_usual" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"service_id" varchar(32) DEFAULT '' NOT NULL,
	"server_host" varchar(255) DEFAULT '' NOT NULL,
	"server_ip" varchar(255) DEFAULT '' NOT NULL,
	"env" varchar(255) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"request_uri" varchar(255) DEFAULT '' NOT NULL,
	"user_agent" varchar(1000) DEFAULT '' NOT NULL,
	"remote_ip" varchar(255) DEFAULT '' NOT NULL,
	"method_class" varchar(255) DEFAULT '' NOT NULL,
	"method_name" varchar(255) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"create_by" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"log_level" varchar(10) DEFAULT '' NOT NULL,
	"log_id" varchar(100) DEFAULT '' NOT NULL,
	"log_data" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_client" (
	"id" bigint PRIMARY KEY NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"client_secret" varchar(255) NOT NULL,
	"scope" varchar(255) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(255) NOT NULL,
	"access_token_validity" integer DEFAULT 3600 NOT NULL,
	"refresh_token_validity" integer DEFAULT 604800 NOT NULL,
	"resource_ids" varchar(255) DEFAULT '' NOT NULL,
	"web_server_redirect_uri" varchar(255) DEFAULT '' NOT NULL,
	"authorities" varchar(255) DEFAULT '' NOT NULL,
	"additional_information" varchar(4096) DEFAULT '' NOT NULL,
	"autoapprove" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_refresh_token" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"family_id" varchar(64) NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"title" varchar(255) NOT NULL,
	"category" integer NOT NULL,
	"release_time" timestamp with time zone,
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dept" (
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
	"ancestors" varchar(2000) DEFAULT '0' NOT NULL,
	"dept_category" smallint DEFAULT 1 NOT NULL,
	"dept_name" varchar(45) NOT NULL,
	"full_name" varchar(45) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) DEFAULT '-1' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" smallint DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
	"id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) DEFAULT '-1' NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" smallint DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_menu" (
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
CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY NOT NULL,
	"param_name" varchar(255) NOT NULL,
	"param_key" varchar(255) NOT NULL,
	"param_value" text NOT NULL,
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
CREATE TABLE "blade_post" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"category" smallint DEFAULT 1 NOT NULL,
	"post_code" varchar(12) NOT NULL,
	"post_name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255) DEFAULT '' NOT NULL,
	"name" varchar(32) NOT NULL,
	"province_code" varchar(12) DEFAULT '' NOT NULL,
	"province_name" varchar(32) DEFAULT '' NOT NULL,
	"city_code" varchar(12) DEFAULT '' NOT NULL,
	"city_name" varchar(32) DEFAULT '' NOT NULL,
	"district_code" varchar(12) DEFAULT '' NOT NULL,
	"district_name" varchar(32) DEFAULT '' NOT NULL,
	"town_code" varchar(12) DEFAULT '' NOT NULL,
	"town_name" varchar(32) DEFAULT '' NOT NULL,
	"village_code" varchar(12) DEFAULT '' NOT NULL,
	"village_name" varchar(32) DEFAULT '' NOT NULL,
	"region_level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role" (
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
	"role_name" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"role_alias" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"scope_category" smallint NOT NULL,
	"scope_id" bigint NOT NULL,
	"role_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_path" varchar(255) NOT NULL,
	"scope_type" smallint DEFAULT 1 NOT NULL,
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
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(255) NOT NULL,
	"scope_name" varchar(255) NOT NULL,
	"scope_field" varchar(255) DEFAULT '*' NOT NULL,
	"scope_class" varchar(500) DEFAULT '' NOT NULL,
	"scope_column" varchar(255) DEFAULT 'create_dept' NOT NULL,
	"scope_type" smallint NOT NULL,
	"scope_value" varchar(2000) DEFAULT '' NOT NULL,
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
CREATE TABLE "blade_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"tenant_name" varchar(50) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"logo" varchar(1000) DEFAULT '' NOT NULL,
	"linkman" varchar(20) DEFAULT '' NOT NULL,
	"contact_number" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"account_number" integer DEFAULT -1 NOT NULL,
	"expire_time" timestamp with time zone,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_top_menu_setting" (
	"id" bigint PRIMARY KEY NOT NULL,
	"top_menu_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(12) DEFAULT '' NOT NULL,
	"user_type" smallint DEFAULT 1 NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" varchar(255) NOT NULL,
	"password_default" boolean DEFAULT false NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"real_name" varchar(20) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"email" varchar(45) DEFAULT '' NOT NULL,
	"phone" varchar(45) DEFAULT '' NOT NULL,
	"sex" smallint DEFAULT -1 NOT NULL,
	"role_id" varchar(1000) DEFAULT '' NOT NULL,
	"dept_id" varchar(1000) DEFAULT '' NOT NULL,
	"post_id" varchar(1000) DEFAULT '' NOT NULL,
	"user_ext" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_user_tenant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"target_user_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_time_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_error_tenant_time_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_usual_tenant_time_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_client_id_uq" ON "blade_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_refresh_token_family_idx" ON "xpark_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "xpark_refresh_token_user_idx" ON "xpark_refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "blade_notice_tenant_idx" ON "blade_notice" USING btree ("tenant_id","release_time");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_code_key_uq" ON "blade_dict" USING btree ("code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_biz_code_key_uq" ON "blade_dict_biz" USING btree ("tenant_id","code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_param_key_uq" ON "blade_param" USING btree ("param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_post_tenant_code_uq" ON "blade_post" USING btree ("tenant_id","post_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "blade_role_tenant_idx" ON "blade_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "blade_role_menu_role_idx" ON "blade_role_menu" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "blade_role_scope_role_idx" ON "blade_role_scope" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "blade_scope_data_resource_idx" ON "blade_scope_data" USING btree ("resource_code");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_tenant_id_uq" ON "blade_tenant" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_tenant_account_uq" ON "blade_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;