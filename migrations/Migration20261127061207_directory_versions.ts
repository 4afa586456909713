import { Migration } from '@mikro-orm/migrations';

// When each organization's public directory last changed (issue 28): the version its pages
// were last read at and the time that version was first read, for their Last-Modified.
export class Migration20261127061207_directory_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "directory_versions" ("organization_id" int not null, "version" varchar(32) not null, "changed_at" timestamptz not null, constraint "directory_versions_pkey" primary key ("organization_id"));`,
    );
    this.addSql(
      `alter table "directory_versions" add constraint "directory_versions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "directory_versions" cascade;`);
  }
}
