/**
 * `npm run compose`: writes schemas/supergraph.graphql, the composed schema at the default
 * local addresses, for reading and for tools (the gateway composes in code at start-up).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE } from './service.catalogue.js';
import { SUBGRAPH_NAMES, type SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { composeSupergraph } from '../gateway/supergraph.compose.js';

export const DEFAULT_SUBGRAPH_URLS = Object.fromEntries(
  SUBGRAPH_NAMES.map((name) => [name, `http://127.0.0.1:${CATALOGUE.find((entry) => entry.name === name)!.port}`]),
) as Record<SubgraphName, string>;

export const SUPERGRAPH_FILE = fileURLToPath(new URL('../schemas/supergraph.graphql', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SUPERGRAPH_FILE, composeSupergraph(DEFAULT_SUBGRAPH_URLS));
  process.stdout.write(`wrote ${SUPERGRAPH_FILE}\n`);
}
