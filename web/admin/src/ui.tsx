import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { ApiError } from './api';

/** Runs a read when its inputs change; `reload` runs it again. */
export function useQuery<T>(read: () => Promise<T>, deps: DependencyList): { data: T | null; error: Error | null; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | null; error: Error | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    read().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: Error) => current && setState({ data: null, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export function Problem({ error }: { error: Error }) {
  return (
    <p className="problem" role="alert">
      {error instanceof ApiError && error.code ? <code>{error.code}</code> : null} {error.message}
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

export const formatMoney = (amount: number | null | undefined, currency?: string | null) =>
  amount === null || amount === undefined ? '—' : `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '—');
