import type { EntityManager } from '@mikro-orm/postgresql';

const SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;

/** Settings that, when off, let a database crash lose answered registrations. */
export async function unsafeDurabilitySettings(em: EntityManager): Promise<string[]> {
  const unsafe: string[] = [];
  for (const setting of SETTINGS) {
    const [row] = await em
      .getConnection()
      .execute<{ value: string }[]>(`select current_setting('${setting}') as value`);
    if (row?.value === 'off') unsafe.push(setting);
  }
  return unsafe;
}
