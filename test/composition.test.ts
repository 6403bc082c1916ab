import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { CompositionError, composeSupergraph } from '../gateway/supergraph.compose.js';
import { subgraphSdl, type SubgraphName } from '../subgraphs/subgraph.catalog.js';
import { DEFAULT_SUBGRAPH_URLS } from '../app/compose.cli.js';

const urls: Record<SubgraphName, string> = {
  order: 'http://order.test',
  payment: 'http://payment.test',
  configuration: 'http://configuration.test',
  adapter: 'http://adapter.test',
};

describe('supergraph composition', () => {
  it('composes the four subgraphs from their SDL files', () => {
    const supergraph = composeSupergraph(urls);
    for (const name of Object.keys(urls)) expect(supergraph).toContain(`url: "http://${name}.test/graphql"`);
    expect(supergraph).toMatch(/type Payment[\s\S]*transactions: \[PaymentTransaction!\]!/);
  });

  it('fails with the composition errors when a subgraph breaks it', () => {
    const broken = (name: SubgraphName) =>
      name === 'payment' ? subgraphSdl(name).replace('orderId: ID!', 'orderId: Int!') : subgraphSdl(name);
    expect(() => composeSupergraph(urls, broken)).toThrow(CompositionError);
    try {
      composeSupergraph(urls, broken);
    } catch (error) {
      expect((error as CompositionError).errors.join('\n')).toMatch(/orderId/);
    }
  });

  it('keeps schemas/supergraph.graphql in step with the SDL files (npm run compose)', () => {
    const committed = readFileSync(new URL('../schemas/supergraph.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(composeSupergraph(DEFAULT_SUBGRAPH_URLS));
  });
});
