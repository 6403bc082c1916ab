import { Agent, request } from 'undici';

/** Keep-alive connections to the subgraphs (configured URLs, never someone's word: no outbound guard). */
const subgraphs = new Agent({ keepAliveTimeout: 10_000, connections: 128 });

/** A subgraph's HTTP answer: what the gateway reads of it. */
export interface SubgraphHttpAnswer {
  status: number;
  contentType: string | undefined;
  cacheControl: string | undefined;
  text: string;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * POSTs a subgraph operation through undici's `request` on kept-alive connections and reads the
 * answer as text: no fetch `Request`/`Response`/`Headers` objects on either side of the call
 * (Apollo's default was `make-fetch-happen`, a cache-aware fetch over node-fetch streams).
 */
export async function postToSubgraph(url: string, headers: Record<string, string>, body: string): Promise<SubgraphHttpAnswer> {
  const answer = await request(url, { method: 'POST', headers, body, dispatcher: subgraphs });
  const text = await answer.body.text();
  return { status: answer.statusCode, contentType: single(answer.headers['content-type']), cacheControl: single(answer.headers['cache-control']), text };
}
