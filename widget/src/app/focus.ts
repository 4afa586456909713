import { useEffect, useLayoutEffect, useRef } from 'react';

// The first screen keeps the browser's own focus (inside a city's page, taking focus on load
// would pull the visitor away from the host page); every later screen moves it to its heading.
let firstScreen = true;

/**
 * A screen's document title (kept current when the language changes), and on arrival, in the
 * commit that shows the screen: scroll to the top and focus on the page heading.
 */
export function useFocusHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}
