import { useEffect, useRef } from 'react';

// The first screen keeps the browser's own focus (inside a city's page, taking focus on load
// would pull the visitor away from the host page); every later screen moves it to its heading.
let firstScreen = true;

/** Sets document.title, scrolls to the top and moves focus to the page heading. */
export function useFocusHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    window.scrollTo(0, 0);
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [title]);
  return ref;
}
