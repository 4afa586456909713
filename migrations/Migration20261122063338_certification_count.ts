import { Migration } from '@mikro-orm/migrations';

/**
 * Each registration keeps how many certifications it has, so the Users report learns its column
 * groups from one index read instead of counting every certification in scope. Triggers on
 * certifications keep the count, whoever writes them (the submit, staff tools, scripts, tests);
 * existing rows are counted once here.
 */
export class Migration20261122063338_certification_count extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "registrations" add column "certification_count" int not null default 0;`,
    );
    this.addSql(
      `update "registrations" r set "certification_count" = counted.n
         from (select "registration_id", count(*)::int as n from "certifications"
                where "registration_id" is not null group by "registration_id") counted
        where r."id" = counted."registration_id";`,
    );
    this.addSql(
      `create index "registrations_organization_certification_count_idx" on "registrations" ("organization_id", "certification_count");`,
    );
    // Statement-level with transition tables: a bulk insert or a cascade adjusts each
    // registration once; increments (not recounts) stay right when transactions overlap. One
    // function for both: each trigger names its rows changed_certifications.
    this.addSql(
      `create function "certifications_counted"() returns trigger language plpgsql as $$
       begin
         update "registrations" r
            set "certification_count" = r."certification_count"
                  + (case when tg_op = 'INSERT' then changed.n else -changed.n end)
           from (select "registration_id", count(*)::int as n from "changed_certifications"
                  where "registration_id" is not null group by "registration_id") changed
          where r."id" = changed."registration_id";
         return null;
       end $$;`,
    );
    // A certification moved to another registration (transition tables cannot be limited to
    // one column, so this one is per row and fires only when registration_id changes).
    this.addSql(
      `create function "certifications_counted_move"() returns trigger language plpgsql as $$
       begin
         update "registrations" set "certification_count" = "certification_count" - 1
          where "id" = old."registration_id";
         update "registrations" set "certification_count" = "certification_count" + 1
          where "id" = new."registration_id";
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "certifications_counted_insert" after insert on "certifications"
         referencing new table as "changed_certifications"
         for each statement execute function "certifications_counted"();`,
    );
    this.addSql(
      `create trigger "certifications_counted_delete" after delete on "certifications"
         referencing old table as "changed_certifications"
         for each statement execute function "certifications_counted"();`,
    );
    this.addSql(
      `create trigger "certifications_counted_move" after update of "registration_id" on "certifications"
         for each row when (old."registration_id" is distinct from new."registration_id")
         execute function "certifications_counted_move"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "certifications_counted_move" on "certifications";`);
    this.addSql(`drop trigger "certifications_counted_delete" on "certifications";`);
    this.addSql(`drop trigger "certifications_counted_insert" on "certifications";`);
    this.addSql(`drop function "certifications_counted_move"();`);
    this.addSql(`drop function "certifications_counted"();`);
    this.addSql(`drop index "registrations_organization_certification_count_idx";`);
    this.addSql(`alter table "registrations" drop column "certification_count";`);
  }
}
