/** One HTTP answer, the body parsed when it is JSON. */
export interface HttpAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A plain request, as any client of the contract would send it (redirects are not followed). */
export async function send(method: string, url: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  const response = await fetch(url, {
    method,
    redirect: 'manual',
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text is the body
  }
  return { status: response.status, body, headers: response.headers };
}

/** `Authorization` and tenant headers of a caller. */
export const callerHeaders = (token: string | undefined, tenant: { merchant: string; channel: string }): Record<string, string> => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  'x-merchant': tenant.merchant,
  'x-channel': tenant.channel,
});

/** Polls until `check` holds or the time is up; effects after commit (outbox deliveries) take a moment. */
export async function until(check: () => Promise<boolean>, timeoutMs = 8_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
