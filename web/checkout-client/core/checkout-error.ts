// What a refused call says, read from the platform's error: its stable code and the order's members it is about.
import { CombinedGraphQLErrors } from '@apollo/client';

/** A refusal as a page shows it: the platform's code (lower snake case), its message, and the JSON pointers it names. */
export interface CheckoutError {
  code?: string;
  message: string;
  /** The order's members the refusal is about (`/customer/billing/email`): shown at their fields. */
  pointers: string[];
}

const pointersIn = (details: unknown): string[] => {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('/')) found.add(value);
    else if (typeof (value as { pointer?: unknown } | null)?.pointer === 'string') found.add((value as { pointer: string }).pointer);
  };
  // The order's schema answers a list of violations `{pointer, message}`; others `{pointers}` or `{fields}` (pointers).
  if (Array.isArray(details)) details.forEach(add);
  else if (details && typeof details === 'object') {
    for (const key of ['pointers', 'fields', 'violations']) {
      const list = (details as Record<string, unknown>)[key];
      if (Array.isArray(list)) list.forEach(add);
    }
  }
  return [...found];
};

/**
 * The refusal a call ended with: a GraphQL error's `extensions.code` (lower snake case, as the
 * platform's REST bodies write codes) and `extensions.details` pointers, or any other error's
 * message. Every error of the answer is read, so all the fields it names are shown at once.
 */
export function checkoutError(error: unknown): CheckoutError {
  if (CombinedGraphQLErrors.is(error)) {
    const [first] = error.errors;
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code.toLowerCase() : undefined;
    return { ...(code ? { code } : {}), message: first?.message ?? error.message, pointers: [...new Set(error.errors.flatMap((each) => pointersIn(each.extensions?.details)))] };
  }
  return { message: error instanceof Error ? error.message : String(error), pointers: [] };
}
