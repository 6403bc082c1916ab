// The latest value of a callback, for effects that must not re-run when a parent hands down a new function.
import { useLayoutEffect, useRef } from 'react';

/**
 * The latest value of something a long-lived effect calls (the page's callbacks), read through a
 * ref: the effect keeps one provider component mounted across re-renders instead of mounting it
 * again whenever the page hands down a new function (which would reset a 3-D Secure challenge).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
