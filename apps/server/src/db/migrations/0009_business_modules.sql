ALTER TABLE "xpark_wf_leave" ALTER COLUMN "instance_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "approval_status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "create_user" bigint;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "update_user" bigint;--> statement-breakpoint
ALTER TABLE "xpark_wf_leave" ADD COLUMN "update_time" timestamp with time zone DEFAULT now() NOT NULL;