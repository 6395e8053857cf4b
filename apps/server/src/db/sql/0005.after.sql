-- Appended to migration 0005 by scripts/generate-migration.mjs (drizzle-kit cannot say it).
-- blade_user_dept now holds rows only for users that are not deleted, and carries the user's tenant:
-- the users of a tenant in some depts are then counted from this table alone (index-only), which is
-- what a scoped role's total costs instead of one probe of blade_user per user in scope.
update blade_user_dept l set tenant_id = u.tenant_id
from blade_user u
where u.id = l.user_id and l.tenant_id is distinct from u.tenant_id;
--> statement-breakpoint
delete from blade_user_dept l
where not exists (select 1 from blade_user u where u.id = l.user_id and u.is_deleted = 0);
--> statement-breakpoint
create or replace function xpark_user_dept_insert() returns trigger language plpgsql as $$
begin
  insert into blade_user_dept (user_id, dept_id, tenant_id)
  select distinct n.id, d::bigint, n.tenant_id
  from new_rows n, unnest(string_to_array(n.dept_id, ',')) as d
  where n.is_deleted = 0
    and case when d ~ '^[0-9]{1,19}$' then d::numeric <= 9223372036854775807 else false end;
  return null;
end $$;
--> statement-breakpoint
-- a user whose depts, tenant or deletion changed gets its rows again (none once deleted; back when restored)
create or replace function xpark_user_dept_update() returns trigger language plpgsql as $$
begin
  delete from blade_user_dept l
  using new_rows n join old_rows o on o.id = n.id
  where l.user_id = n.id
    and (n.dept_id is distinct from o.dept_id or n.tenant_id is distinct from o.tenant_id
      or n.is_deleted is distinct from o.is_deleted);
  insert into blade_user_dept (user_id, dept_id, tenant_id)
  select distinct n.id, d::bigint, n.tenant_id
  from new_rows n join old_rows o on o.id = n.id, unnest(string_to_array(n.dept_id, ',')) as d
  where n.is_deleted = 0
    and (n.dept_id is distinct from o.dept_id or n.tenant_id is distinct from o.tenant_id
      or n.is_deleted is distinct from o.is_deleted)
    and case when d ~ '^[0-9]{1,19}$' then d::numeric <= 9223372036854775807 else false end;
  return null;
end $$;
