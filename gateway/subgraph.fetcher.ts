import { STATUS_CODES } from 'node:http';
import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import { Agent, request } from 'undici';

type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherResponse = Awaited<ReturnType<Fetcher>>;

/** Keep-alive connections to the subgraphs (configured URLs, never someone's word: no outbound guard). */
const subgraphs = new Agent({ keepAliveTimeout: 10_000, connections: 128 });

/**
 * The HTTP path's subgraph calls through undici's `request` on kept-alive connections: what
 * Apollo's data source asks of a fetch (status, headers, the body as text or JSON) without the
 * per-call layers of its default `make-fetch-happen` (a cache-aware fetch, node-fetch streams).
 */
export const subgraphFetcher: Fetcher = async (url, init = {}) => {
  const answer = await request(url, {
    method: (init.method ?? 'POST') as 'POST',
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.body === undefined ? {} : { body: init.body }),
    ...(init.signal ? { signal: init.signal } : {}),
    dispatcher: subgraphs,
  });
  const text = await answer.body.text();
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return textResponse(url, answer.statusCode, headers, text);
};

function textResponse(url: string, status: number, headers: Headers, text: string): FetcherResponse {
  return {
    bodyUsed: false,
    url,
    redirected: false,
    status,
    ok: status >= 200 && status < 300,
    statusText: STATUS_CODES[status] ?? '',
    headers,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
    clone: () => textResponse(url, status, headers, text),
  };
}
