/** GET /metrics of a service, and the value of one series in it (0 when absent). */
export async function scrape(baseUrl: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string; text: string }> {
  const response = await fetch(`${baseUrl}/metrics`, { headers });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The value of `name` whose labels include every one of `labels` (summed over the others). */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) total += Number(match[3]);
  }
  return total;
}
