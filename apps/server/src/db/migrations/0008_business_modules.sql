CREATE TABLE "xpark_public_link" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"kind" varchar(32) NOT NULL,
	"target_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"hint" varchar(8) NOT NULL,
	"expires_at" timestamp with time zone,
	"allow" varchar(500) DEFAULT '' NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_report_partner" (
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
	"kind" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_report" (
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
	"path" varchar(255) NOT NULL,
	"view" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"owner_id" bigint NOT NULL,
	"role_ids" varchar(2000) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_screen" (
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
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"layout" text NOT NULL,
	"builtin" varchar(16) DEFAULT '' NOT NULL,
	"published" text,
	"publish_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "xpark_canteen_order" ADD COLUMN "channel" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_commodity_order" ADD COLUMN "channel" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_public_link_token_uq" ON "xpark_public_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "xpark_public_link_target_idx" ON "xpark_public_link" USING btree ("tenant_id","kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_report_partner_code_uq" ON "xpark_report_partner" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_report_owner_idx" ON "xpark_report" USING btree ("tenant_id","owner_id");--> statement-breakpoint
CREATE INDEX "xpark_screen_tenant_page_idx" ON "xpark_screen" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_screen_tenant_dept_idx" ON "xpark_screen" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_screen_tenant_user_idx" ON "xpark_screen" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_screen_builtin_idx" ON "xpark_screen" USING btree ("tenant_id","builtin") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_canteen_order_channel_idx" ON "xpark_canteen_order" USING btree ("tenant_id","channel","order_date") WHERE channel <> '';--> statement-breakpoint
CREATE INDEX "xpark_commodity_order_channel_idx" ON "xpark_commodity_order" USING btree ("tenant_id","channel","order_time") WHERE channel <> '';