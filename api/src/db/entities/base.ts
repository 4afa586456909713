import { p } from '@mikro-orm/core';

/** Columns every table has: a serial id and creation/update timestamps. */
export function baseProperties() {
  return {
    id: p.integer().primary().autoincrement(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
  };
}
