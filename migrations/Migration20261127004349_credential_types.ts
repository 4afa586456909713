import { Migration } from '@mikro-orm/migrations';

// Credential types (issue 27), with the ones every deployment starts with.
export class Migration20261127004349_credential_types extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "credential_types" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "name" varchar(255) not null, "holder" text check ("holder" in ('company', 'tester')) not null, "expires" boolean not null, "facts" text[] not null default '{}');`,
    );
    this.addSql(
      `create unique index "credential_types_name_lower_unique" on "credential_types" (lower("name"));`,
    );
    this.addSql(`insert into "credential_types" ("name", "holder", "expires", "facts") values
      ('General liability insurance', 'company', true, '{issuer,coverage,additionalInsured}'),
      ('Business license', 'company', true, '{number}'),
      ('Driver''s license', 'tester', true, '{number}'),
      ('Confined-space training', 'tester', true, '{}'),
      ('Fire-line endorsement', 'tester', true, '{number}');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "credential_types" cascade;`);
  }
}
