import { useCallback, useEffect, useState } from 'react';
import { precisionOf } from '../../../contracts/currency-exponents';
import { ApiError } from './api';

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

/** Decimals written in an amount (12.345 → 3): a finer amount than the currency allows is shown as it is, never rounded. */
const decimalsOf = (amount: number) => (String(amount).includes('e') ? 0 : (String(amount).split('.')[1]?.length ?? 0));

/**
 * An amount in major units as the operator reads it: the currency's symbol or code and its ISO 4217
 * decimals (contracts/currency-exponents.ts: JPY 0, NOK 2, KWD 3), in the browser's locale. An
 * amount recorded finer than its currency allows shows all its decimals (the record, not a rounding).
 */
export function formatMoney(amount: number | null | undefined, currency?: string | null, locale?: string): string {
  if (amount === null || amount === undefined) return '—';
  if (!currency) return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(amount);
  const digits = Math.max(precisionOf(currency), decimalsOf(amount));
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  } catch {
    // A code Intl does not know: the number in the locale, then the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)} ${currency}`;
  }
}

const TIME = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });

/** A moment in the operator's own time zone, the zone shown ("27 Nov 2026, 21:04:05 GMT+1"). */
export const formatTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME.format(date);
};

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
