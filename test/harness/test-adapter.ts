import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReceivedCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** The body as it arrived. */
  text: string;
  at: number;
}

export interface Answer {
  status?: number;
  body?: unknown;
  /** Response headers (a redirect's `location`). */
  headers?: Record<string, string>;
  delayMs?: number;
  /** Drop the connection instead of answering. */
  destroy?: boolean;
}
export type Responder = (call: ReceivedCall) => Answer | Promise<Answer>;

/**
 * A stand-in for an adapter: a real HTTP server on port 0 that the order service calls (hooks,
 * validations, notifications). Each path answers as told and every call is recorded.
 */
export class TestAdapter {
  readonly calls: ReceivedCall[] = [];
  private readonly responders = new Map<string, Responder>();
  private server!: Server;
  url = '';

  static async start(): Promise<TestAdapter> {
    const adapter = new TestAdapter();
    adapter.server = createServer((request, response) => void adapter.handle(request, response));
    await new Promise<void>((resolve) => adapter.server.listen(0, '127.0.0.1', resolve));
    const address = adapter.server.address();
    adapter.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return adapter;
  }

  /** Answers POST `path` with the responder (default: 200, empty body). */
  on(path: string, responder: Responder): this {
    this.responders.set(path, responder);
    return this;
  }

  callsTo(path: string): ReceivedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const call: ReceivedCall = { path: request.url ?? '/', headers: request.headers, body: text ? JSON.parse(text) : undefined, text, at: Date.now() };
    this.calls.push(call);
    const responder = this.responders.get(call.path) ?? (() => ({ status: 200 }));
    const answer: Answer = await responder(call);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.destroy) {
      request.socket.destroy();
      return;
    }
    response.statusCode = answer.status ?? 200;
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    if (answer.body === undefined) {
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer.body));
  }
}
