// A client in a process of its own, as a Node program calling the platform is: sends one JSON body
// `tries` times with Node's global fetch (undici) and prints one outcome a try, as JSON: `<status>
// <code>` of the answer, or `failed: <error code>` when fetch threw. In the test's own process the
// server's and the client's sockets share one event loop, which hides a connection cut under an
// upload; here the upload runs on while the server answers, as it does for any real client.
//
// Usage: node upload-client.mjs '<{"url","method","headers","bytes","tries","chunked"}>'
const { url, method, headers, bytes, tries, chunked } = JSON.parse(process.argv[2]);

/** A JSON body of about `bytes` bytes: a GraphQL request with a long variable. */
const text = () => JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(bytes) } });

/** The same bytes as a stream: fetch sends it without a content-length (chunked). */
function stream() {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const body = chunked ? undefined : text();
const outcomes = [];
for (let index = 0; index < tries; index++) {
  try {
    const response = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ?? stream(), ...(chunked ? { duplex: 'half' } : {}) });
    const answer = await response.json().catch(() => ({}));
    const message = typeof answer.message === 'string' && answer.message.length > 0 ? '' : ' (no message)';
    outcomes.push(`${response.status} ${answer.code}${message}`);
  } catch (error) {
    outcomes.push(`failed: ${error?.cause?.code ?? String(error?.cause ?? error)}`);
  }
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
