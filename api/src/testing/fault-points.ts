// Test-only crash hook: the reliability suite sets FAULT_POINT so the process kills itself with
// SIGKILL at a named moment inside a final submit or a test report's filing, then checks what a
// restart finds. Unarmed
// (always in production: config.ts refuses FAULT_POINT there) a fault point does nothing.

/**
 * The distinct moments of a final submit: after its first statement (documents claimed, company
 * found or made, submission and new people inserted), after its second (just before commit),
 * and after commit (before the answer).
 */
export const SUBMIT_FAULT_POINTS = ['after-first-write', 'before-commit', 'after-commit'] as const;
/** Every fault point: a submit's, and a test report's filing committed but not yet answered. */
export const FAULT_POINTS = [...SUBMIT_FAULT_POINTS, 'test-report-after-commit'] as const;
export type TFaultPoint = (typeof FAULT_POINTS)[number];

const killThisProcess = () => process.kill(process.pid, 'SIGKILL');

let armed: TFaultPoint | undefined;
let crash: () => void = killThisProcess;

/** Arms the configured fault point for this process (none disarms); refused in production. */
export function armFaultPoint(
  config: { env: string; faultPoint: TFaultPoint | undefined },
  onFault: () => void = killThisProcess,
): void {
  if (config.faultPoint && config.env === 'production') {
    throw new Error('FAULT_POINT is a test-only setting and is refused in production');
  }
  armed = config.faultPoint;
  crash = onFault;
}

/** Marks a moment inside a submit or a filing, named by what just happened; crashes there when armed. */
export function faultPoint(point: TFaultPoint): void {
  if (armed === point) crash();
}
