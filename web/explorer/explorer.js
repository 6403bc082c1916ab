// The gateway's GraphQL explorer (docs/explorer.md). Plain browser script, no build step: it
// either embeds Apollo Sandbox (hosted by Apollo, so it needs the internet) or renders GraphiQL
// from the assets the gateway serves out of node_modules (works offline). Queries and mutations
// go over HTTP, subscriptions over graphql-ws; both carry the headers of the headers editor, the
// websocket as its connection_init parameters (the gateway authenticates a socket with them).
(function () {
  'use strict';

  const config = JSON.parse(document.getElementById('explorer-config').textContent);
  const endpoint = new URL(config.endpoint, location.href).href;
  const wsEndpoint = endpoint.replace(/^http/, 'ws');
  const HEADERS_KEY = 'checkout-explorer:headers';
  const DEFAULT_QUERY = [
    '# The headers below carry the token, merchant and channel of every request, and of',
    '# subscriptions (graphql-ws) too. Open this page as',
    '#   /graphql#token=<token>&merchant=<merchant>&channel=<channel>',
    '# to fill them in; `npm run token` prints a token for local use.',
    '',
    'query Adapters {',
    '  adapters {',
    '    id',
    '    kind',
    '  }',
    '}',
    '',
  ].join('\n');

  const status = document.getElementById('explorer-status');
  const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const showStatus = (html) => {
    status.innerHTML = html;
    status.hidden = false;
  };

  /**
   * Headers to start with: the URL fragment's token/merchant/channel (then removed from the
   * address bar), else what this tab last had (sessionStorage: a token is not kept once the tab
   * closes), else placeholders.
   */
  let initialState;
  const initial = () => (initialState ??= readInitialState());
  function readInitialState() {
    let headers = config.defaultHeaders;
    try {
      const stored = JSON.parse(sessionStorage.getItem(HEADERS_KEY) || 'null');
      if (stored && typeof stored === 'object') headers = stored;
    } catch {
      // unreadable: start from the placeholders
    }
    const fragment = new URLSearchParams(location.hash.slice(1));
    const set = (name, value) => {
      if (value) headers = { ...headers, [name]: value };
    };
    const token = fragment.get('token');
    set('Authorization', token && (/^bearer\s/i.test(token) ? token : `Bearer ${token}`));
    set('X-Merchant', fragment.get('merchant'));
    set('X-Channel', fragment.get('channel'));
    const state = { headers, query: fragment.get('query') || undefined, variables: fragment.get('variables') || undefined };
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    return state;
  }

  function loadScript(src, timeoutMs) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => reject(new Error(`${src} did not load within ${timeoutMs} ms`)), timeoutMs);
      script.src = src;
      script.onload = () => (clearTimeout(timer), resolve());
      script.onerror = () => (clearTimeout(timer), reject(new Error(`${src} could not be loaded`)));
      document.head.appendChild(script);
    });
  }

  function loadStyle(href) {
    return new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => reject(new Error(`${href} could not be loaded`));
      document.head.appendChild(link);
    });
  }

  /** The operation GraphiQL is about to run is a subscription (from the parsed document it passes). */
  function isSubscription(params, opts) {
    const operations = ((opts && opts.documentAST && opts.documentAST.definitions) || []).filter((d) => d.kind === 'OperationDefinition');
    const operation = params.operationName ? operations.find((d) => d.name && d.name.value === params.operationName) : operations[0];
    return Boolean(operation && operation.operation === 'subscription');
  }

  /** Headers as GraphiQL hands them over (an object from the headers editor), as strings. */
  function headerValues(headers) {
    const result = {};
    for (const [name, value] of Object.entries(headers || {})) if (value !== undefined && value !== null) result[name] = String(value);
    return result;
  }

  // One graphql-ws client per set of headers: editing the token opens a socket authenticated with it.
  const wsClients = new Map();
  function wsClient(headers) {
    const key = JSON.stringify(headers);
    let client = wsClients.get(key);
    if (!client) {
      for (const [other, stale] of wsClients) (wsClients.delete(other), stale.dispose());
      client = window.graphqlWs.createClient({ url: wsEndpoint, connectionParams: headers, lazy: true, retryAttempts: 0 });
      wsClients.set(key, client);
    }
    return client;
  }

  /** Socket closes (4401 bad token, 4403 wrong tenant) become a readable error in the response pane. */
  function readableError(error) {
    if (Array.isArray(error)) return error;
    if (error && typeof error.code === 'number') {
      const meaning = error.code === 4401 ? 'the token was refused' : error.code === 4403 ? 'the token does not allow this merchant/channel' : 'the connection closed';
      return new Error(`Subscription socket closed with ${error.code}: ${meaning}${error.reason ? ` (${error.reason})` : ''}.`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }

  function fetcher(params, opts) {
    const headers = headerValues(opts && opts.headers);
    const request = { query: params.query, variables: params.variables, operationName: params.operationName };
    if (isSubscription(params, opts)) {
      return {
        subscribe(observer) {
          const dispose = wsClient(headers).subscribe(request, {
            next: (value) => observer.next(value),
            error: (error) => observer.error(readableError(error)),
            complete: () => observer.complete(),
          });
          return { unsubscribe: dispose };
        },
      };
    }
    return fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    }).then((response) => response.json());
  }

  async function startGraphiQL() {
    await loadStyle(config.assets['graphiql.css']);
    for (const name of ['react.js', 'react-dom.js', 'graphiql.js', 'graphql-ws.js']) await loadScript(config.assets[name], 30_000);
    const { headers, query, variables } = initial();
    const { React, ReactDOM, GraphiQL } = window;
    const root = ReactDOM.createRoot(document.getElementById('explorer'));
    root.render(
      React.createElement(
        GraphiQL,
        {
          fetcher,
          defaultQuery: DEFAULT_QUERY,
          query,
          variables,
          headers: JSON.stringify(headers, null, 2),
          isHeadersEditorEnabled: true,
          shouldPersistHeaders: false,
          defaultEditorToolsVisibility: 'headers',
          onEditHeaders: (text) => sessionStorage.setItem(HEADERS_KEY, text),
        },
        React.createElement(GraphiQL.Logo, null, 'Checkout explorer'),
      ),
    );
    status.hidden = true;
    document.body.dataset.explorer = 'graphiql';
  }

  function parseOrUndefined(json) {
    try {
      return json ? JSON.parse(json) : undefined;
    } catch {
      return undefined;
    }
  }

  function startSandbox() {
    const { headers, query, variables } = initial();
    document.getElementById('explorer').classList.add('sandbox');
    new window.EmbeddedSandbox({
      target: '#explorer',
      initialEndpoint: endpoint,
      initialSubscriptionEndpoint: wsEndpoint,
      initialState: { document: query, variables: parseOrUndefined(variables), headers, includeCookies: false },
      endpointIsEditable: false,
      hideCookieToggle: true,
    });
    status.hidden = true;
    document.body.dataset.explorer = 'sandbox';
  }

  async function main() {
    const mode = new URLSearchParams(location.search).get('explorer') || config.mode;
    if (mode === 'sandbox' || mode === 'auto') {
      try {
        await loadScript(config.sandboxScript, mode === 'auto' ? config.sandboxTimeoutMs : 30_000);
        if (typeof window.EmbeddedSandbox !== 'function') throw new Error('the script did not define EmbeddedSandbox');
        return startSandbox();
      } catch (error) {
        if (mode === 'sandbox') {
          return showStatus(`Apollo Sandbox could not be loaded (${escapeHtml(error.message)}); this browser may be offline. <a href="?explorer=graphiql">Use the bundled GraphiQL</a>.`);
        }
      }
    }
    await startGraphiQL();
  }

  main().catch((error) => showStatus(`The explorer could not start: ${escapeHtml(String(error && error.message))}`));
})();
