// Money and rates as the shopper reads them.
export interface MoneyValue {
  amount: number;
  currency: string;
}

/** An amount as the shopper reads it, in the order's culture. */
export function formatMoney(money: MoneyValue, culture = 'nb-NO'): string {
  try {
    return new Intl.NumberFormat(culture, { style: 'currency', currency: money.currency }).format(money.amount);
  } catch {
    return `${money.amount.toFixed(2)} ${money.currency}`;
  }
}

export const percent = (rate: number) => `${Math.round(rate * 10_000) / 100} %`;
