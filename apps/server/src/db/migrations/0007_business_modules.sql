CREATE TABLE "xpark_derived_day" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"through" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_derived_touch" (
	"name" varchar(64) NOT NULL,
	"key" varchar(512) NOT NULL,
	"touched_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "xpark_derived_touch_name_key_pk" PRIMARY KEY("name","key")
);
--> statement-breakpoint
CREATE TABLE "xpark_device_command" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"machine_id" bigint NOT NULL,
	"machine" varchar(64) NOT NULL,
	"control" varchar(32) NOT NULL,
	"params" jsonb,
	"source" varchar(16) DEFAULT 'WEB' NOT NULL,
	"result" smallint NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_device_event_seen" (
	"key" varchar(160) PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_device_presence" (
	"tenant_id" varchar(12) NOT NULL,
	"machine" varchar(64) NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"status" jsonb,
	CONSTRAINT "xpark_device_presence_tenant_id_machine_pk" PRIMARY KEY("tenant_id","machine")
);
--> statement-breakpoint
CREATE TABLE "xpark_alarm" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"dedupe_key" varchar(80) NOT NULL,
	"rule_id" bigint,
	"machine_id" bigint,
	"machine_code" varchar(64) DEFAULT '' NOT NULL,
	"source" integer NOT NULL,
	"alarm_type" varchar(32) NOT NULL,
	"level" integer NOT NULL,
	"content" varchar(255) DEFAULT '' NOT NULL,
	"value" double precision,
	"count" integer DEFAULT 1 NOT NULL,
	"first_time" timestamp with time zone NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"handler_id" bigint,
	"close_time" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_alarm_group" (
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
	"user_ids" varchar(10000) NOT NULL,
	"sms_level" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_alarm_notice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"alarm_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" varchar(8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_alarm_rule" (
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
	"kind" integer NOT NULL,
	"metric" varchar(32) DEFAULT '' NOT NULL,
	"operator" varchar(2) DEFAULT '' NOT NULL,
	"threshold" double precision,
	"hold_seconds" integer DEFAULT 0 NOT NULL,
	"event_type" varchar(32) DEFAULT '' NOT NULL,
	"scope_type" integer NOT NULL,
	"machine_type" integer,
	"room_id" bigint,
	"warehouse_id" bigint,
	"machine_ids" varchar(10000) DEFAULT '' NOT NULL,
	"weekdays" varchar(16) DEFAULT '' NOT NULL,
	"time_from" varchar(5) DEFAULT '' NOT NULL,
	"time_to" varchar(5) DEFAULT '' NOT NULL,
	"level" integer NOT NULL,
	"group_ids" varchar(1000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_alarm_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"level" smallint NOT NULL,
	"area" varchar(128) NOT NULL,
	"alarms" integer NOT NULL,
	"closed" integer NOT NULL,
	CONSTRAINT "xpark_alarm_daily_tenant_id_day_level_area_pk" PRIMARY KEY("tenant_id","day","level","area")
);
--> statement-breakpoint
CREATE TABLE "xpark_machine_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"type" smallint NOT NULL,
	"area" varchar(128) NOT NULL,
	"machines" integer NOT NULL,
	"online" integer NOT NULL,
	CONSTRAINT "xpark_machine_daily_tenant_id_day_type_area_pk" PRIMARY KEY("tenant_id","day","type","area")
);
--> statement-breakpoint
CREATE TABLE "xpark_pass_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"machine_id" bigint NOT NULL,
	"area" varchar(128) NOT NULL,
	"direction" smallint NOT NULL,
	"released" smallint NOT NULL,
	"passes" integer NOT NULL,
	CONSTRAINT "xpark_pass_daily_tenant_id_day_machine_id_direction_released_pk" PRIMARY KEY("tenant_id","day","machine_id","direction","released")
);
--> statement-breakpoint
CREATE TABLE "xpark_repair_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"machine_id" bigint NOT NULL,
	"machine_type" smallint NOT NULL,
	"area" varchar(128) NOT NULL,
	"fault_type_id" bigint NOT NULL,
	"repairs" integer NOT NULL,
	"done" integer NOT NULL,
	CONSTRAINT "xpark_repair_daily_tenant_id_day_machine_id_fault_type_id_pk" PRIMARY KEY("tenant_id","day","machine_id","fault_type_id")
);
--> statement-breakpoint
CREATE TABLE "xpark_sensor_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"machine_id" bigint NOT NULL,
	"metric" varchar(32) NOT NULL,
	"area" varchar(128) NOT NULL,
	"readings" integer NOT NULL,
	"total" double precision NOT NULL,
	"least" double precision NOT NULL,
	"most" double precision NOT NULL,
	"last" double precision NOT NULL,
	CONSTRAINT "xpark_sensor_daily_tenant_id_day_machine_id_metric_pk" PRIMARY KEY("tenant_id","day","machine_id","metric")
);
--> statement-breakpoint
CREATE TABLE "xpark_sensor_reading" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"machine_id" bigint NOT NULL,
	"area" varchar(128) NOT NULL,
	"metric" varchar(32) NOT NULL,
	"value" double precision NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"day" varchar(10) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_service_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"kind" smallint NOT NULL,
	"orders" integer NOT NULL,
	"done" integer NOT NULL,
	CONSTRAINT "xpark_service_daily_tenant_id_day_kind_pk" PRIMARY KEY("tenant_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "xpark_attendance_day" (
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"rule_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"shifts" varchar(32) NOT NULL,
	"in1" timestamp with time zone,
	"out1" timestamp with time zone,
	"in2" timestamp with time zone,
	"out2" timestamp with time zone,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"missing_count" smallint DEFAULT 0 NOT NULL,
	"absent_half_days" smallint DEFAULT 0 NOT NULL,
	"work_minutes" integer DEFAULT 0 NOT NULL,
	"punch_count" smallint DEFAULT 0 NOT NULL,
	"line" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xpark_attendance_day_tenant_id_user_id_day_pk" PRIMARY KEY("tenant_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "xpark_attendance_member" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"rule_id" bigint NOT NULL,
	"user_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_attendance_punch" (
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
	"punch_time" timestamp with time zone NOT NULL,
	"source" smallint DEFAULT 2 NOT NULL,
	"machine_id" bigint,
	"event_id" varchar(64),
	"reason" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_attendance_rule" (
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
	"dept_ids" varchar(4000) DEFAULT '' NOT NULL,
	"user_ids" varchar(40000) DEFAULT '' NOT NULL,
	"workdays" varchar(13) NOT NULL,
	"shift_count" smallint DEFAULT 1 NOT NULL,
	"start1" varchar(5) NOT NULL,
	"end1" varchar(5) NOT NULL,
	"start2" varchar(5) DEFAULT '' NOT NULL,
	"end2" varchar(5) DEFAULT '' NOT NULL,
	"late_grace_minutes" integer DEFAULT 0 NOT NULL,
	"early_grace_minutes" integer DEFAULT 0 NOT NULL,
	"absent_minutes" integer DEFAULT 240 NOT NULL,
	"punch_before_minutes" integer DEFAULT 120 NOT NULL,
	"punch_after_minutes" integer DEFAULT 240 NOT NULL,
	"machine_ids" varchar(4000) DEFAULT '' NOT NULL,
	"use_holidays" smallint DEFAULT 1 NOT NULL,
	"effective_day" varchar(10) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_attendance_rule_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"rule_id" bigint NOT NULL,
	"from_day" varchar(10) NOT NULL,
	"settings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_machine_fault_type" (
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
	"machine_type" smallint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_machine_grant" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"machine_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"grant_status" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" varchar(255) DEFAULT '' NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"person_name" varchar(64),
	"face_url" varchar(500),
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_machine" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"type" smallint NOT NULL,
	"room_id" bigint,
	"warehouse_id" bigint,
	"location" varchar(128) DEFAULT '' NOT NULL,
	"service_url" varchar(500) DEFAULT '' NOT NULL,
	"server_type" varchar(64) DEFAULT '' NOT NULL,
	"agree_context" varchar(255) DEFAULT '' NOT NULL,
	"machine_account" varchar(255) DEFAULT '' NOT NULL,
	"machine_password" varchar(255) DEFAULT '' NOT NULL,
	"machine_ip" varchar(64) DEFAULT '' NOT NULL,
	"machine_port" integer,
	"clock_card" smallint DEFAULT 0 NOT NULL,
	"report_rule_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_report_rule" (
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
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"items" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_event" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"record_id" bigint,
	"point_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"content" varchar(500) NOT NULL,
	"photos" varchar(2000) DEFAULT '' NOT NULL,
	"alarm_id" bigint,
	"repair_id" bigint
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_path" (
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
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_path_point" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"path_id" bigint NOT NULL,
	"point_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_plan" (
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
	"path_id" bigint NOT NULL,
	"inspector_ids" varchar(1000) NOT NULL,
	"weekdays" varchar(13) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"end_time" varchar(5) NOT NULL,
	"made_through" varchar(10),
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_point" (
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
	"place_id" bigint,
	"machine_id" bigint,
	"check_items" varchar(1000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_point_camera" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"point_id" bigint NOT NULL,
	"machine_id" bigint,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_record" (
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
	"plan_id" bigint NOT NULL,
	"path_id" bigint NOT NULL,
	"inspector_id" bigint NOT NULL,
	"day" varchar(10) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"result" smallint,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"close_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_inspection_record_point" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"record_id" bigint NOT NULL,
	"point_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting" (
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
	"room_id" bigint NOT NULL,
	"template_id" bigint,
	"organiser_id" bigint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"grace_minutes" integer DEFAULT 5 NOT NULL,
	"sign_advance_minutes" integer DEFAULT 30 NOT NULL,
	"pictures" varchar(4000) DEFAULT '' NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"actual_start" timestamp with time zone,
	"actual_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting_machine" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"room_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"role" varchar(32) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting_person" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"meeting_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"group_name" varchar(32) DEFAULT '' NOT NULL,
	"seat" varchar(32) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting_room" (
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
	"place" varchar(255) DEFAULT '' NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"display_token" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting_sign" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"meeting_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sign_time" timestamp with time zone NOT NULL,
	"sign_method" integer NOT NULL,
	"result" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_meeting_template" (
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
	"grace_minutes" integer DEFAULT 5 NOT NULL,
	"sign_advance_minutes" integer DEFAULT 30 NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_scene" (
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
	"room_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"running_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_scene_linkage" (
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
	"trigger_type" integer NOT NULL,
	"room_id" bigint,
	"time_of_day" varchar(5) DEFAULT '' NOT NULL,
	"weekdays" varchar(16) DEFAULT '' NOT NULL,
	"machine_id" bigint,
	"event_type" varchar(32) DEFAULT '' NOT NULL,
	"scene_id" bigint NOT NULL,
	"last_fired_at" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_scene_step" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"scene_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"control" varchar(8) NOT NULL,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_parking_card" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"lot_id" bigint NOT NULL,
	"plate" varchar(16) NOT NULL,
	"plate_color" smallint DEFAULT 1 NOT NULL,
	"vehicle_type" smallint,
	"vehicle_color" smallint,
	"card_type" smallint NOT NULL,
	"parking_type" smallint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"finance_card_id" bigint,
	"holder_name" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"synced_version" integer DEFAULT 0 NOT NULL,
	"sync_state" smallint DEFAULT 0 NOT NULL,
	"sync_error" varchar(255) DEFAULT '' NOT NULL,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_parking_gate" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"lot_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"direction" smallint NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_parking_lot" (
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
	"spaces" integer DEFAULT 0 NOT NULL,
	"free_minutes" integer DEFAULT 0 NOT NULL,
	"fee_per_hour" integer DEFAULT 0 NOT NULL,
	"day_cap" integer DEFAULT 0 NOT NULL,
	"auto_release" varchar(16) DEFAULT '1,3' NOT NULL,
	"address" varchar(128) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_parking_pass" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"lot_id" bigint NOT NULL,
	"machine_id" bigint,
	"gate_name" varchar(64) DEFAULT '' NOT NULL,
	"plate" varchar(16) NOT NULL,
	"plate_color" smallint DEFAULT 0 NOT NULL,
	"direction" smallint NOT NULL,
	"pass_type" smallint NOT NULL,
	"release_mode" smallint,
	"released" smallint NOT NULL,
	"pass_time" timestamp with time zone NOT NULL,
	"entry_time" timestamp with time zone,
	"duration_minutes" integer,
	"fee" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"card_id" bigint,
	"card_type" smallint,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"event_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "xpark_parking_vehicle" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"lot_id" bigint NOT NULL,
	"plate" varchar(16) NOT NULL,
	"plate_color" smallint DEFAULT 0 NOT NULL,
	"entry_time" timestamp with time zone NOT NULL,
	"entry_machine_id" bigint,
	"entry_pass_id" bigint,
	"card_id" bigint,
	"card_type" smallint
);
--> statement-breakpoint
CREATE TABLE "xpark_property_advice" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"community_id" bigint NOT NULL,
	"advice_type" integer NOT NULL,
	"content" varchar(1000) NOT NULL,
	"photos" varchar(4500) DEFAULT '' NOT NULL,
	"contact_name" varchar(32) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"reply" varchar(1000) DEFAULT '' NOT NULL,
	"reply_user" bigint,
	"reply_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "xpark_property_appraise" (
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
	"order_id" bigint NOT NULL,
	"community_id" bigint NOT NULL,
	"worker_id" bigint,
	"reporter_id" bigint NOT NULL,
	"score" smallint NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_check_item" (
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
	"category" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(500) DEFAULT '' NOT NULL,
	"community_id" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_clean" (
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
	"community_id" bigint NOT NULL,
	"type_key" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"place" varchar(128) DEFAULT '' NOT NULL,
	"photos" varchar(4500) DEFAULT '' NOT NULL,
	"contact_name" varchar(32) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"appointment_time" timestamp with time zone,
	"reporter_id" bigint NOT NULL,
	"worker_id" bigint,
	"dispatch_time" timestamp with time zone,
	"accept_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"complete_time" timestamp with time zone,
	"result" varchar(1000) DEFAULT '' NOT NULL,
	"result_photos" varchar(4500) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_hotspot" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"city_code" varchar(12) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_machine" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"community_id" bigint NOT NULL,
	"machine_id" bigint NOT NULL,
	"visitor" smallint DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_order_log" (
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
	"order_id" bigint NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"user_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_property_repair" (
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
	"community_id" bigint NOT NULL,
	"type_key" varchar(32) DEFAULT '' NOT NULL,
	"content" varchar(2000) DEFAULT '' NOT NULL,
	"place" varchar(128) DEFAULT '' NOT NULL,
	"photos" varchar(4500) DEFAULT '' NOT NULL,
	"contact_name" varchar(32) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"appointment_time" timestamp with time zone,
	"reporter_id" bigint NOT NULL,
	"worker_id" bigint,
	"dispatch_time" timestamp with time zone,
	"accept_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"complete_time" timestamp with time zone,
	"result" varchar(1000) DEFAULT '' NOT NULL,
	"result_photos" varchar(4500) DEFAULT '' NOT NULL,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"title" varchar(64) NOT NULL,
	"trouble_key" varchar(32) DEFAULT '' NOT NULL,
	"source_id" bigint
);
--> statement-breakpoint
CREATE TABLE "xpark_property_visitor" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"community_id" bigint NOT NULL,
	"visitor_name" varchar(32) NOT NULL,
	"visitor_phone" varchar(32) DEFAULT '' NOT NULL,
	"face_url" varchar(500) DEFAULT '' NOT NULL,
	"host_house" varchar(64) NOT NULL,
	"host_name" varchar(32) DEFAULT '' NOT NULL,
	"host_phone" varchar(32) DEFAULT '' NOT NULL,
	"visit_date" varchar(10) NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_video_playback" (
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
	"machine_id" bigint NOT NULL,
	"stream" varchar(128) NOT NULL,
	"url" varchar(500) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"start_time" varchar(19) NOT NULL,
	"end_time" varchar(19) NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"speed" real DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_access_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"kind" smallint NOT NULL,
	"machine_id" bigint NOT NULL,
	"area" varchar(128) NOT NULL,
	"person_type" smallint NOT NULL,
	"person_id" bigint NOT NULL,
	"passed" smallint NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "xpark_access_daily_tenant_id_day_kind_machine_id_area_person_type_person_id_passed_pk" PRIMARY KEY("tenant_id","day","kind","machine_id","area","person_type","person_id","passed")
);
--> statement-breakpoint
CREATE TABLE "xpark_access_record" (
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
	"machine_id" bigint,
	"machine_code" varchar(64) NOT NULL,
	"area" varchar(128) DEFAULT '' NOT NULL,
	"person_type" smallint DEFAULT 0 NOT NULL,
	"person_id" bigint,
	"person_name" varchar(64) DEFAULT '' NOT NULL,
	"phone" varchar(32) DEFAULT '' NOT NULL,
	"method" varchar(16) DEFAULT '' NOT NULL,
	"passed" smallint DEFAULT 1 NOT NULL,
	"similarity" integer,
	"photo_id" bigint,
	"pass_time" timestamp with time zone NOT NULL,
	"day" varchar(10) NOT NULL,
	"event_key" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_face_photo" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"content" "bytea" NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_visit" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"visitor_name" varchar(32) NOT NULL,
	"visitor_phone" varchar(32) NOT NULL,
	"company" varchar(64) DEFAULT '' NOT NULL,
	"face_url" varchar(500) DEFAULT '' NOT NULL,
	"host_id" bigint NOT NULL,
	"visit_start" timestamp with time zone NOT NULL,
	"visit_end" timestamp with time zone NOT NULL,
	"visit_day" varchar(10) NOT NULL,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"machine_ids" varchar(1000) DEFAULT '' NOT NULL,
	"area" varchar(128) DEFAULT '' NOT NULL,
	"approver_id" bigint,
	"approve_time" timestamp with time zone,
	"refuse_reason" varchar(255) DEFAULT '' NOT NULL,
	"arrive_time" timestamp with time zone,
	"leave_time" timestamp with time zone,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_visit_daily" (
	"tenant_id" varchar(12) NOT NULL,
	"day" varchar(10) NOT NULL,
	"area" varchar(128) NOT NULL,
	"status" smallint NOT NULL,
	"visits" integer NOT NULL,
	"approved" integer NOT NULL,
	"arrived" integer NOT NULL,
	CONSTRAINT "xpark_visit_daily_tenant_id_day_area_status_pk" PRIMARY KEY("tenant_id","day","area","status")
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_button" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"button_key" varchar(32) NOT NULL,
	"name" varchar(32) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"display" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_category" (
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
CREATE TABLE "xpark_wf_condition" (
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
	"type" varchar(32) NOT NULL,
	"expression" varchar(1000) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_design_version" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"owner_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"name" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_form" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"form_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category_id" bigint,
	"content" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_form_default" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"form_id" bigint NOT NULL,
	"name" varchar(64) NOT NULL,
	"content" varchar(20000) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_model" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL,
	"model_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category_id" bigint,
	"icon" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"xml" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_model_scope" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"model_id" bigint NOT NULL,
	"type" varchar(8) NOT NULL,
	"val" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_draft" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"process_def_key" varchar(64) NOT NULL,
	"title" varchar(128) DEFAULT '' NOT NULL,
	"variables" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_leave" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"leave_type" varchar(32) DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"days" smallint NOT NULL,
	"reason" varchar(255) NOT NULL,
	"instance_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_arrival" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"gateway_id" varchar(64) NOT NULL,
	"flow_id" varchar(64) NOT NULL,
	"created_by" bigint,
	"consumed_by" bigint
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_candidate" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"task_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"ref" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_copy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_id" bigint,
	"user_id" bigint NOT NULL,
	"from_user_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_definition" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"process_definition_id" varchar(160) NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"version" integer NOT NULL,
	"model_id" bigint,
	"category" varchar(64) DEFAULT '' NOT NULL,
	"xml" text NOT NULL,
	"graph" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"deploy_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_execution" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"node_id" varchar(64) NOT NULL,
	"users" jsonb NOT NULL,
	"sequential" smallint DEFAULT 0 NOT NULL,
	"completion" varchar(8) DEFAULT 'all' NOT NULL,
	"created_by" bigint,
	"active" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_history" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_id" bigint,
	"node_id" varchar(64) NOT NULL,
	"node_name" varchar(128) DEFAULT '' NOT NULL,
	"action" varchar(20) NOT NULL,
	"user_id" bigint,
	"other_user_id" bigint,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_instance" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"definition_id" bigint NOT NULL,
	"process_definition_id" varchar(160) NOT NULL,
	"process_definition_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"category" varchar(64) DEFAULT '' NOT NULL,
	"business_key" varchar(64) DEFAULT '' NOT NULL,
	"initiator" bigint NOT NULL,
	"variables" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_proxy" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"proxy_user_id" bigint NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"categories" varchar(1000) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xpark_wf_task" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"process_definition_id" varchar(160) NOT NULL,
	"task_definition_key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"assignee" bigint,
	"owner" bigint,
	"proxy_for" bigint,
	"delegation" varchar(10),
	"execution_id" bigint,
	"created_by" bigint,
	"status" smallint DEFAULT 0 NOT NULL,
	"pass" smallint,
	"comment" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_time" timestamp with time zone,
	"end_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "xpark_scene_log" ADD COLUMN "source" varchar(16) DEFAULT 'WEB' NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_scene_log" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_scene_log" ADD COLUMN "elapsed_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "xpark_derived_touch_oldest_idx" ON "xpark_derived_touch" USING btree ("name","touched_at");--> statement-breakpoint
CREATE INDEX "xpark_device_command_machine_idx" ON "xpark_device_command" USING btree ("tenant_id","machine_id","create_time");--> statement-breakpoint
CREATE INDEX "xpark_device_command_time_idx" ON "xpark_device_command" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "xpark_device_event_seen_at" ON "xpark_device_event_seen" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "xpark_device_presence_online" ON "xpark_device_presence" USING btree ("online");--> statement-breakpoint
CREATE INDEX "xpark_alarm_tenant_page_idx" ON "xpark_alarm" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_tenant_dept_idx" ON "xpark_alarm" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_tenant_user_idx" ON "xpark_alarm" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_alarm_open_uq" ON "xpark_alarm" USING btree ("tenant_id","dedupe_key") WHERE status < 2 and is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_rule_idx" ON "xpark_alarm" USING btree ("tenant_id","rule_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_time_idx" ON "xpark_alarm" USING btree ("tenant_id","last_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_state_idx" ON "xpark_alarm" USING btree ("tenant_id","status","level","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_group_tenant_page_idx" ON "xpark_alarm_group" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_group_tenant_dept_idx" ON "xpark_alarm_group" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_group_tenant_user_idx" ON "xpark_alarm_group" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_alarm_group_name_uq" ON "xpark_alarm_group" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_alarm_notice_uq" ON "xpark_alarm_notice" USING btree ("alarm_id","user_id","channel");--> statement-breakpoint
CREATE INDEX "xpark_alarm_rule_tenant_page_idx" ON "xpark_alarm_rule" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_rule_tenant_dept_idx" ON "xpark_alarm_rule" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_alarm_rule_tenant_user_idx" ON "xpark_alarm_rule" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_sensor_reading_day_idx" ON "xpark_sensor_reading" USING btree ("tenant_id","day","machine_id","metric");--> statement-breakpoint
CREATE INDEX "xpark_attendance_day_day_idx" ON "xpark_attendance_day" USING btree ("tenant_id","day","status");--> statement-breakpoint
CREATE INDEX "xpark_attendance_day_rule_idx" ON "xpark_attendance_day" USING btree ("tenant_id","rule_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_attendance_member_user_uq" ON "xpark_attendance_member" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "xpark_attendance_member_rule_idx" ON "xpark_attendance_member" USING btree ("tenant_id","rule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_attendance_punch_event_uq" ON "xpark_attendance_punch" USING btree ("tenant_id","machine_id","event_id") WHERE event_id is not null;--> statement-breakpoint
CREATE INDEX "xpark_attendance_punch_user_idx" ON "xpark_attendance_punch" USING btree ("tenant_id","user_id","punch_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_attendance_rule_version_uq" ON "xpark_attendance_rule_version" USING btree ("rule_id","from_day");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_machine_fault_type_name_uq" ON "xpark_machine_fault_type" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_machine_grant_expiry_idx" ON "xpark_machine_grant" USING btree ("valid_until") WHERE is_deleted = 0 and valid_until is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_machine_grant_uq" ON "xpark_machine_grant" USING btree ("tenant_id","machine_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_machine_grant_due_idx" ON "xpark_machine_grant" USING btree ("grant_status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_machine_code_uq" ON "xpark_machine" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_machine_type_idx" ON "xpark_machine" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "xpark_machine_rule_idx" ON "xpark_machine" USING btree ("tenant_id","report_rule_id");--> statement-breakpoint
CREATE INDEX "xpark_inspection_event_point_idx" ON "xpark_inspection_event" USING btree ("tenant_id","point_id");--> statement-breakpoint
CREATE INDEX "xpark_inspection_event_record_idx" ON "xpark_inspection_event" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "xpark_inspection_path_point_path_idx" ON "xpark_inspection_path_point" USING btree ("tenant_id","path_id");--> statement-breakpoint
CREATE INDEX "xpark_inspection_path_point_point_idx" ON "xpark_inspection_path_point" USING btree ("tenant_id","point_id");--> statement-breakpoint
CREATE INDEX "xpark_inspection_plan_path_idx" ON "xpark_inspection_plan" USING btree ("tenant_id","path_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_inspection_point_code_uq" ON "xpark_inspection_point" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_inspection_point_camera_idx" ON "xpark_inspection_point_camera" USING btree ("tenant_id","point_id","since");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_inspection_record_uq" ON "xpark_inspection_record" USING btree ("tenant_id","plan_id","inspector_id","day") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_inspection_record_day_idx" ON "xpark_inspection_record" USING btree ("tenant_id","day","state");--> statement-breakpoint
CREATE INDEX "xpark_inspection_record_inspector_idx" ON "xpark_inspection_record" USING btree ("tenant_id","inspector_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_inspection_record_point_uq" ON "xpark_inspection_record_point" USING btree ("record_id","point_id");--> statement-breakpoint
CREATE INDEX "xpark_meeting_tenant_page_idx" ON "xpark_meeting" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_tenant_dept_idx" ON "xpark_meeting" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_tenant_user_idx" ON "xpark_meeting" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_room_time_idx" ON "xpark_meeting" USING btree ("tenant_id","room_id","start_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_status_time_idx" ON "xpark_meeting" USING btree ("status","start_time") WHERE is_deleted = 0 and status < 3;--> statement-breakpoint
CREATE INDEX "xpark_meeting_machine_tenant_page_idx" ON "xpark_meeting_machine" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_machine_tenant_dept_idx" ON "xpark_meeting_machine" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_machine_tenant_user_idx" ON "xpark_meeting_machine" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_meeting_machine_uq" ON "xpark_meeting_machine" USING btree ("tenant_id","room_id","machine_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_person_meeting_idx" ON "xpark_meeting_person" USING btree ("tenant_id","meeting_id");--> statement-breakpoint
CREATE INDEX "xpark_meeting_room_tenant_page_idx" ON "xpark_meeting_room" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_room_tenant_dept_idx" ON "xpark_meeting_room" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_room_tenant_user_idx" ON "xpark_meeting_room" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_meeting_room_name_uq" ON "xpark_meeting_room" USING btree ("tenant_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_meeting_sign_uq" ON "xpark_meeting_sign" USING btree ("tenant_id","meeting_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_template_tenant_page_idx" ON "xpark_meeting_template" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_template_tenant_dept_idx" ON "xpark_meeting_template" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_meeting_template_tenant_user_idx" ON "xpark_meeting_template" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_tenant_page_idx" ON "xpark_scene" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_tenant_dept_idx" ON "xpark_scene" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_tenant_user_idx" ON "xpark_scene" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_linkage_tenant_page_idx" ON "xpark_scene_linkage" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_linkage_tenant_dept_idx" ON "xpark_scene_linkage" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_linkage_tenant_user_idx" ON "xpark_scene_linkage" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_linkage_trigger_idx" ON "xpark_scene_linkage" USING btree ("tenant_id","trigger_type") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_scene_step_scene_idx" ON "xpark_scene_step" USING btree ("tenant_id","scene_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_parking_card_plate_uq" ON "xpark_parking_card" USING btree ("tenant_id","lot_id","plate") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_parking_card_sync_idx" ON "xpark_parking_card" USING btree ("next_sync_at") WHERE is_deleted = 0 and next_sync_at is not null;--> statement-breakpoint
CREATE INDEX "xpark_parking_gate_lot_idx" ON "xpark_parking_gate" USING btree ("tenant_id","lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_parking_gate_machine_uq" ON "xpark_parking_gate" USING btree ("tenant_id","machine_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_parking_pass_plate_idx" ON "xpark_parking_pass" USING btree ("tenant_id","plate","pass_time");--> statement-breakpoint
CREATE INDEX "xpark_parking_pass_time_idx" ON "xpark_parking_pass" USING btree ("tenant_id","pass_time");--> statement-breakpoint
CREATE INDEX "xpark_parking_pass_page_idx" ON "xpark_parking_pass" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_parking_vehicle_plate_uq" ON "xpark_parking_vehicle" USING btree ("tenant_id","lot_id","plate") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_parking_vehicle_entry_idx" ON "xpark_parking_vehicle" USING btree ("tenant_id","entry_time");--> statement-breakpoint
CREATE INDEX "xpark_property_advice_tenant_page_idx" ON "xpark_property_advice" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_advice_tenant_dept_idx" ON "xpark_property_advice" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_advice_tenant_user_idx" ON "xpark_property_advice" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_appraise_tenant_page_idx" ON "xpark_property_appraise" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_appraise_tenant_dept_idx" ON "xpark_property_appraise" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_appraise_tenant_user_idx" ON "xpark_property_appraise" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_property_appraise_order_uq" ON "xpark_property_appraise" USING btree ("tenant_id","kind","order_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_check_item_tenant_page_idx" ON "xpark_property_check_item" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_check_item_tenant_dept_idx" ON "xpark_property_check_item" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_check_item_tenant_user_idx" ON "xpark_property_check_item" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_clean_tenant_page_idx" ON "xpark_property_clean" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_clean_tenant_dept_idx" ON "xpark_property_clean" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_clean_tenant_user_idx" ON "xpark_property_clean" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_property_clean_no_uq" ON "xpark_property_clean" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_clean_worker_idx" ON "xpark_property_clean" USING btree ("tenant_id","worker_id","status");--> statement-breakpoint
CREATE INDEX "xpark_property_clean_rating_idx" ON "xpark_property_clean" USING btree ("finish_time") WHERE is_deleted = 0 and status = 4;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_property_hotspot_uq" ON "xpark_property_hotspot" USING btree ("tenant_id","city_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_machine_tenant_page_idx" ON "xpark_property_machine" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_machine_tenant_dept_idx" ON "xpark_property_machine" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_machine_tenant_user_idx" ON "xpark_property_machine" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_property_machine_uq" ON "xpark_property_machine" USING btree ("tenant_id","machine_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_order_log_order_idx" ON "xpark_property_order_log" USING btree ("tenant_id","kind","order_id");--> statement-breakpoint
CREATE INDEX "xpark_property_repair_tenant_page_idx" ON "xpark_property_repair" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_repair_tenant_dept_idx" ON "xpark_property_repair" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_repair_tenant_user_idx" ON "xpark_property_repair" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_property_repair_no_uq" ON "xpark_property_repair" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_repair_worker_idx" ON "xpark_property_repair" USING btree ("tenant_id","worker_id","status");--> statement-breakpoint
CREATE INDEX "xpark_property_repair_rating_idx" ON "xpark_property_repair" USING btree ("finish_time") WHERE is_deleted = 0 and status = 4;--> statement-breakpoint
CREATE INDEX "xpark_property_visitor_tenant_page_idx" ON "xpark_property_visitor" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_visitor_tenant_dept_idx" ON "xpark_property_visitor" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_visitor_tenant_user_idx" ON "xpark_property_visitor" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_property_visitor_day_idx" ON "xpark_property_visitor" USING btree ("tenant_id","visit_date");--> statement-breakpoint
CREATE INDEX "xpark_property_visitor_granted_idx" ON "xpark_property_visitor" USING btree ("visit_date") WHERE is_deleted = 0 and status = 2;--> statement-breakpoint
CREATE INDEX "xpark_video_playback_user_idx" ON "xpark_video_playback" USING btree ("tenant_id","user_id","state");--> statement-breakpoint
CREATE INDEX "xpark_video_playback_idle_idx" ON "xpark_video_playback" USING btree ("state","last_active_at");--> statement-breakpoint
CREATE INDEX "xpark_access_daily_person_idx" ON "xpark_access_daily" USING btree ("tenant_id","person_id","day");--> statement-breakpoint
CREATE INDEX "xpark_access_record_tenant_page_idx" ON "xpark_access_record" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_access_record_tenant_dept_idx" ON "xpark_access_record" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_access_record_tenant_user_idx" ON "xpark_access_record" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_access_record_event_uq" ON "xpark_access_record" USING btree ("tenant_id","machine_code","event_key");--> statement-breakpoint
CREATE INDEX "xpark_access_record_day_idx" ON "xpark_access_record" USING btree ("tenant_id","kind","day") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_access_record_person_idx" ON "xpark_access_record" USING btree ("tenant_id","person_id","pass_time") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_face_photo_time_idx" ON "xpark_face_photo" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "xpark_visit_tenant_page_idx" ON "xpark_visit" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_visit_tenant_dept_idx" ON "xpark_visit" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_visit_tenant_user_idx" ON "xpark_visit" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_visit_host_idx" ON "xpark_visit" USING btree ("tenant_id","host_id","status") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_visit_day_idx" ON "xpark_visit" USING btree ("tenant_id","visit_day") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_visit_open_idx" ON "xpark_visit" USING btree ("visit_end") WHERE is_deleted = 0 and status in (1, 2, 4);--> statement-breakpoint
CREATE INDEX "xpark_wf_button_tenant_page_idx" ON "xpark_wf_button" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_button_tenant_dept_idx" ON "xpark_wf_button" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_button_tenant_user_idx" ON "xpark_wf_button" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_button_key_uq" ON "xpark_wf_button" USING btree ("tenant_id","button_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_category_parent_idx" ON "xpark_wf_category" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_category_code_uq" ON "xpark_wf_category" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_condition_tenant_page_idx" ON "xpark_wf_condition" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_condition_tenant_dept_idx" ON "xpark_wf_condition" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_condition_tenant_user_idx" ON "xpark_wf_condition" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_design_version_uq" ON "xpark_wf_design_version" USING btree ("owner_id","kind","version");--> statement-breakpoint
CREATE INDEX "xpark_wf_form_tenant_page_idx" ON "xpark_wf_form" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_tenant_dept_idx" ON "xpark_wf_form" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_tenant_user_idx" ON "xpark_wf_form" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_form_key_uq" ON "xpark_wf_form" USING btree ("tenant_id","form_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_default_tenant_page_idx" ON "xpark_wf_form_default" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_default_tenant_dept_idx" ON "xpark_wf_form_default" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_default_tenant_user_idx" ON "xpark_wf_form_default" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_form_default_form_idx" ON "xpark_wf_form_default" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_model_tenant_page_idx" ON "xpark_wf_model" USING btree ("tenant_id","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_model_tenant_dept_idx" ON "xpark_wf_model" USING btree ("tenant_id","create_dept","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_model_tenant_user_idx" ON "xpark_wf_model" USING btree ("tenant_id","create_user","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_model_key_uq" ON "xpark_wf_model" USING btree ("tenant_id","model_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "xpark_wf_model_scope_model_idx" ON "xpark_wf_model_scope" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_draft_user_idx" ON "xpark_wf_draft" USING btree ("tenant_id","user_id","update_time");--> statement-breakpoint
CREATE INDEX "xpark_wf_leave_user_idx" ON "xpark_wf_leave" USING btree ("tenant_id","user_id","create_time");--> statement-breakpoint
CREATE INDEX "xpark_wf_arrival_instance_idx" ON "xpark_wf_arrival" USING btree ("instance_id","gateway_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_candidate_task_idx" ON "xpark_wf_candidate" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_candidate_ref_idx" ON "xpark_wf_candidate" USING btree ("tenant_id","kind","ref");--> statement-breakpoint
CREATE INDEX "xpark_wf_copy_user_idx" ON "xpark_wf_copy" USING btree ("tenant_id","user_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_definition_version_uq" ON "xpark_wf_definition" USING btree ("tenant_id","key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "xpark_wf_definition_pdid_uq" ON "xpark_wf_definition" USING btree ("process_definition_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_execution_instance_idx" ON "xpark_wf_execution" USING btree ("instance_id","node_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_history_instance_idx" ON "xpark_wf_history" USING btree ("instance_id","time");--> statement-breakpoint
CREATE INDEX "xpark_wf_instance_initiator_idx" ON "xpark_wf_instance" USING btree ("tenant_id","initiator","start_time");--> statement-breakpoint
CREATE INDEX "xpark_wf_instance_status_idx" ON "xpark_wf_instance" USING btree ("tenant_id","status","start_time");--> statement-breakpoint
CREATE INDEX "xpark_wf_proxy_user_idx" ON "xpark_wf_proxy" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "xpark_wf_task_todo_idx" ON "xpark_wf_task" USING btree ("tenant_id","assignee","status","create_time");--> statement-breakpoint
CREATE INDEX "xpark_wf_task_instance_idx" ON "xpark_wf_task" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "xpark_wf_task_created_by_idx" ON "xpark_wf_task" USING btree ("created_by");