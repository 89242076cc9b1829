import { useLayoutEffect, type RefObject } from "react";

/** Sizes the element to reach the bottom of the window (the grid scrolls inside, not the page). */
export function useFillHeight(ref: RefObject<HTMLElement | null>, margin = 24, min = 384) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `${Math.max(min, window.innerHeight - top - margin)}px`;
    };
    fit();
    window.addEventListener("resize", fit);
    const observer = new ResizeObserver(fit);
    if (el.parentElement) observer.observe(el.parentElement);
    return () => {
      window.removeEventListener("resize", fit);
      observer.disconnect();
    };
  }, [ref, margin, min]);
}
