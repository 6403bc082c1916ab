import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayContext } from './gateway.context.js';
import { HeaderForwardingDataSource } from './header-forwarding.data-source.js';

/** A subgraph stand-in: records what it was sent, answers what the test queued. */
let server: Server;
let url: string;
const seen: Array<{ headers: IncomingHttpHeaders; body: unknown }> = [];
let answer: { status: number; headers: Record<string, string>; body: string };

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      seen.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const forward = { authorization: 'Bearer t', 'x-merchant': 'm', 'x-channel': 'web', 'x-request-id': 'r-1' };
function options(restricted: unknown[]): GraphQLDataSourceProcessOptions<GatewayContext> {
  return {
    kind: 'incoming operation',
    request: { query: 'query Q($id: ID!) { order(id: $id) { id } }', operationName: 'Q', variables: { id: 'o1' } },
    context: { auth: { principal: { role: 'storefront', merchant: 'm', channels: ['web'], subject: 's' }, tenant: { merchant: 'm', channel: 'web' } }, forward },
    incomingRequestContext: { operation: { operation: 'mutation' }, overallCachePolicy: { restrict: (hint: unknown) => restricted.push(hint) } },
  } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
}

describe('the HTTP subgraph data source', () => {
  it("posts the operation as JSON with the caller's headers and reads the JSON answer and its cache hint", async () => {
    answer = { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'max-age=60, private' }, body: '{"data":{"order":{"id":"o1"}}}' };
    const restricted: unknown[] = [];
    const result = await new HeaderForwardingDataSource('order', url).process(options(restricted));
    expect(result).toEqual({ data: { order: { id: 'o1' } } });
    expect(seen.at(-1)!.body).toEqual({ query: 'query Q($id: ID!) { order(id: $id) { id } }', operationName: 'Q', variables: { id: 'o1' } });
    expect(seen.at(-1)!.headers).toMatchObject({ 'content-type': 'application/json', ...forward });
    expect(restricted).toEqual([{ maxAge: 60, scope: 'PRIVATE' }]);
  });

  it('an answer without Cache-Control makes the request uncacheable', async () => {
    answer = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":null,"errors":[{"message":"no"}]}' };
    const restricted: unknown[] = [];
    expect(await new HeaderForwardingDataSource('order', url).process(options(restricted))).toEqual({ data: null, errors: [{ message: 'no' }] });
    expect(restricted).toEqual([{ maxAge: 0 }]);
  });

  it('a non-2xx answer is the error `<status>: <text>` carrying the answer, 401 as UNAUTHENTICATED', async () => {
    answer = { status: 401, headers: { 'content-type': 'application/json' }, body: '{"code":"unauthorized","message":"bad token"}' };
    await expect(new HeaderForwardingDataSource('order', url).process(options([]))).rejects.toMatchObject({
      message: '401: Unauthorized',
      extensions: { code: 'UNAUTHENTICATED', response: { url, status: 401, statusText: 'Unauthorized', body: { code: 'unauthorized', message: 'bad token' } } },
    });
  });

  it('an answer that is not a JSON object is refused', async () => {
    answer = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' };
    await expect(new HeaderForwardingDataSource('order', url).process(options([]))).rejects.toThrow('Expected JSON response body, but received: hello');
  });
});
