// Message templates name their values in braces ('At most {count} admins …'). No imports: the
// widget's first download reads it before the zod rules arrive.

/** Fills `{name}` placeholders of a message template; unknown names stay as written. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
