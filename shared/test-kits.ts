// The test-kit list rule the wizard's review page needs before the zod rules have loaded. No
// imports: the widget's first download stays free of zod.

/** Kits are sent only when the first kit has a serial; otherwise the step counts as skipped. */
export function kitsToSend<T>(kits: readonly T[]): T[] {
  const first = kits[0] as { kitSerial?: unknown } | undefined;
  const serial = first && typeof first === 'object' ? first.kitSerial : undefined;
  return typeof serial === 'string' && serial.trim() ? [...kits] : [];
}
