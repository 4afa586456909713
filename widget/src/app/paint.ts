// What a first screen fetches for later waits for its first paint: it never competes with the
// paint for a slow phone's bandwidth or CPU, and a page the server wrote is painted before the
// site's code takes it over.

/** Calls `run` once the page has had its first contentful paint (at once if it has had it). */
export function afterFirstPaint(run: () => void): () => void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    run();
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // Without paint timing (older browsers, the unit tests' document): after this task.
    timer = setTimeout(go, 0);
  }
  return () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
}
