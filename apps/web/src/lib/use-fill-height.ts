/**
 * The height from an element's top to the bottom of the window, kept current as the window
 * resizes: for a list that should use the page rather than sit in a small box over an empty one.
 * Returns a ref callback (the element may mount after the first render) and the height.
 */
import { useLayoutEffect, useState } from 'react';

/** `share` of the space below the element's top, less `reserve` px (1: all of it), never less than `min` px. */
export function useFillHeight({ min = 240, share = 1, reserve = 0 }: { min?: number; share?: number; reserve?: number } = {}): [
  (element: HTMLElement | null) => void,
  number,
] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(min);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor((window.innerHeight - top - reserve) * share)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element, min, share, reserve]);
  return [setElement, height];
}
