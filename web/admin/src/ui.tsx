import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './api';
import { formatTime } from './format';

export { formatMoney, formatTime } from './format';

/**
 * Runs a read when it changes (the caller memoizes it with `useCallback` and its inputs); `reload`
 * runs it again. While a read is under way the last answer stays shown and `loading` is true.
 */
export function useQuery<T>(read: () => Promise<T>): { data: T | null; error: Error | null; loading: boolean; reload: () => void } {
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<{ read: () => Promise<T>; round: number; data: T | null; error: Error | null } | null>(null);
  useEffect(() => {
    let current = true;
    read().then(
      (data) => current && setSettled({ read, round, data, error: null }),
      (error: Error) => current && setSettled({ read, round, data: null, error }),
    );
    return () => {
      current = false;
    };
  }, [read, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const loading = settled === null || settled.read !== read || settled.round !== round;
  return { data: settled?.data ?? null, error: settled?.error ?? null, loading, reload };
}

/** A failure in words (the platform's sentence); its code is for machines only (`data-code`), never shown. */
export function Problem({ error }: { error: Error }) {
  return (
    <p className="problem" role="alert" data-code={error instanceof ApiError ? error.code : undefined}>
      {error.message}
    </p>
  );
}

/** JSON as an admin reads it: indented, in a block that scrolls. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** A moment in local time, its UTC instant on hover and to machines (<time datetime>). */
export function Time({ iso }: { iso: string | null | undefined }) {
  return iso ? (
    <time dateTime={iso} title={iso}>
      {formatTime(iso)}
    </time>
  ) : (
    <>—</>
  );
}
