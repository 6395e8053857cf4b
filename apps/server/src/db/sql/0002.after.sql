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
