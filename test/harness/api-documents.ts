import { observeExchanges } from '../../platform/http-client/http-client.js';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks HTTP exchanges against the services' OpenAPI documents (docs/api-documents.md): the
 * route must be documented, the status must be one the route documents, and the body must match
 * that status's schema.
 */

export interface Exchange {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

interface MediaType {
  schema?: object;
}
interface ResponseDoc {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseDoc>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface Verdict {
  service: string;
  route: string;
  problem?: string;
}

/**
 * Records every answer `fetch` and the platform's HTTP client get from these origins (test calls
 * and the services' own calls).
 */
export function recordFetch(origins: Set<string>): { exchanges: () => Promise<Exchange[]>; restore: () => void } {
  const realFetch = globalThis.fetch;
  const pending: Array<Promise<Exchange>> = [];
  const stopObserving = observeExchanges((exchange) => {
    if (origins.has(new URL(exchange.url).origin)) pending.push(Promise.resolve(exchange));
  });
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (origins.has(new URL(url).origin)) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const copy = response.clone();
      pending.push(copy.text().then((body) => ({ method, url, status: response.status, contentType: response.headers.get('content-type') ?? '', body })));
    }
    return response;
  };
  return {
    exchanges: () => Promise.all(pending),
    restore: () => {
      globalThis.fetch = realFetch;
      stopObserving();
    },
  };
}

export class DocumentChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates = new Map<string, Array<{ template: string; pattern: RegExp }>>();

  /** `documents`: by service name; `origins`: the service name of each base URL. */
  constructor(
    private readonly documents: Record<string, OpenApiDocument>,
    private readonly origins: Record<string, string>,
  ) {
    addFormats.default(this.ajv);
    for (const [service, document] of Object.entries(documents)) {
      this.ajv.addSchema({ components: stripIds(document.components ?? {}) }, idOf(service));
      this.templates.set(
        service,
        Object.keys(document.paths)
          .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
          // A literal segment beats a parameter (`/orders/{id}` vs `/orders/validate`).
          .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0)),
      );
    }
  }

  check(exchange: Exchange): Verdict {
    const url = new URL(exchange.url);
    const service = this.origins[url.origin] ?? url.origin;
    const document = this.documents[service];
    const route = `${exchange.method} ${url.pathname}`;
    if (!document) return { service, route, problem: 'no document for this service' };
    const template = this.templates.get(service)!.find((candidate) => candidate.pattern.test(url.pathname))?.template;
    const operation = template ? document.paths[template]?.[exchange.method.toLowerCase()] : undefined;
    if (!template || !operation) return { service, route, problem: 'route not in the document' };
    const documented = `${exchange.method} ${template}`;
    const key = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find((candidate) => candidate in operation.responses);
    if (!key) return { service, route: documented, problem: `status ${exchange.status} not documented (${Object.keys(operation.responses).join(', ')})` };
    const answer = operation.responses[key]!;
    if (exchange.body === '') return { service, route: documented };
    if (!answer.content) return { service, route: documented, problem: `status ${exchange.status} is documented without a body, got ${exchange.body.slice(0, 200)}` };
    const media = exchange.contentType.split(';')[0]!.trim();
    const schema = answer.content[media]?.schema;
    if (!(media in answer.content)) return { service, route: documented, problem: `${media} not documented for ${exchange.status}` };
    if (!schema) return { service, route: documented };
    const validate = this.validator(service, template, exchange.method, key, media, schema);
    // A text answer (GET /metrics) is checked as the string it is.
    if (!/[/+]json$/.test(media)) {
      if (validate(exchange.body)) return { service, route: documented };
      return { service, route: documented, problem: `${exchange.status} body does not match: ${this.ajv.errorsText(validate.errors)}` };
    }
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return { service, route: documented, problem: `answer is not JSON: ${exchange.body.slice(0, 200)}` };
    }
    if (validate(body)) return { service, route: documented };
    return { service, route: documented, problem: `${exchange.status} body does not match: ${this.ajv.errorsText(validate.errors)} — ${exchange.body.slice(0, 300)}` };
  }

  private validator(service: string, template: string, method: string, status: string, media: string, schema: object): ValidateFunction {
    const key = [service, template, method, status, media].join(' ');
    const known = this.compiled.get(key);
    if (known) return known;
    // The document's references (#/components/…) point into that service's components.
    const rebased = JSON.parse(JSON.stringify(stripIds(schema)).replaceAll('"#/components/', `"${idOf(service)}#/components/`)) as object;
    const validate = this.ajv.compile(rebased);
    this.compiled.set(key, validate);
    return validate;
  }
}

const idOf = (service: string) => `https://api-documents.test/${service}.json`;

/** Component schemas keep no `$id` (each document names its own, and they would clash). */
function stripIds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripIds) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$id').map(([key, inner]) => [key, stripIds(inner)])) as T;
}
