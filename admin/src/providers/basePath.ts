/** Where the console is served (admin/vite.config.ts base, the server's /scadmin/* routes). */
export const CONSOLE_BASE = '/scadmin';
