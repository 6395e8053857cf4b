CREATE TABLE "xpark_wf_timer" (
	"id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"instance_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"boundary_id" varchar(64) NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"fired_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ALTER COLUMN "instance_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "approval_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "create_user" bigint;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "update_user" bigint;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "xpark_wf_timer_due_idx" ON "xpark_wf_timer" USING btree ("status","due_time");