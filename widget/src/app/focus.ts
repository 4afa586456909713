import { useEffect, useLayoutEffect, useRef, useState } from 'react';

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

/**
 * Focus moved to an element that the next render shows (a part or credential just added, the
 * Add button of one taken back): `moveFocus(id)`, and in the commit that shows it, before the
 * screen is painted, the element with that id takes focus.
 */
export function useFocusOnRender() {
  const [target, setTarget] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (target === null) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target]);
  return setTarget;
}
