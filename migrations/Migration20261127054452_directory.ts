import { Migration } from '@mikro-orm/migrations';

// The public directory of approved testers (issue 28): each organization's setting, address,
// introduction, disclaimer and indexing choice; each person's choice not to be listed; and the
// index the listing reads (an organization's listed registrations, its predicate word for word
// LISTED_REGISTRATION of api/src/modules/directory/queries.ts).
export class Migration20261127054452_directory extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "directory_enabled" boolean not null default false, add column "directory_slug" varchar(80) null, add column "directory_intro" text null, add column "directory_disclaimer" text null, add column "directory_noindex" boolean not null default false;`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_directory_slug_unique" unique ("directory_slug");`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_directory_slug_check" check ("directory_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_directory_enabled_slug_check" check (not "directory_enabled" or "directory_slug" is not null);`,
    );

    this.addSql(
      `alter table "users" add column "directory_hidden" boolean not null default false;`,
    );

    this.addSql(
      `create index "registrations_directory_idx" on "registrations" ("organization_id", "user_id") include ("company_id") where "enrolled" and "standing" = 'active' and "user_type" = 'tester' and ("review_state" = 'approved' or ("review_state" = 'pending' and ("resume_state" = 'approved' or "reregistered_at" is not null)));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "registrations_directory_idx";`);
    this.addSql(`alter table "users" drop column "directory_hidden";`);
    this.addSql(
      `alter table "organizations" drop column "directory_enabled", drop column "directory_slug", drop column "directory_intro", drop column "directory_disclaimer", drop column "directory_noindex";`,
    );
  }
}
