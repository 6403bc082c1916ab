import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * The commerce platform's product images, as its CDN would serve them: small SVGs drawn here, so
 * a storefront shows its lines' pictures with no internet. `GET /images/{clientId}/products/{name}.svg`
 * (any client id; the configuration's `application.imageBaseUrl` points at `/images/{clientId}/`).
 * A known name draws its product; any other `.svg` a neutral parcel.
 */
const PRODUCTS: Record<string, { colour: string; label: string; shape: string }> = {
  shoe: {
    colour: '#2f6fde',
    label: 'Shoe',
    shape: '<path d="M10 44 L12 28 Q20 30 26 22 L34 30 Q44 34 54 36 Q58 40 56 44 Z" fill="#fff"/><rect x="10" y="44" width="46" height="4" rx="2" fill="#fff" opacity=".7"/>',
  },
  socks: {
    colour: '#1f9d6b',
    label: 'Socks',
    shape: '<path d="M22 10 h12 v24 q0 6 6 8 l6 2 q6 3 3 9 q-3 5 -10 3 l-12 -5 q-5 -2 -5 -8 Z" fill="#fff"/><rect x="22" y="10" width="12" height="5" fill="#fff" opacity=".6"/>',
  },
};
const PARCEL = { colour: '#8a6a3b', label: 'Product', shape: '<rect x="16" y="20" width="32" height="26" rx="2" fill="#fff"/><path d="M16 28 h32 M32 20 v26" stroke="#8a6a3b" stroke-width="2"/>' };

const NAME = /^[a-z0-9-]{1,60}$/;

export function productImage(name: string): string {
  const product = PRODUCTS[name] ?? PARCEL;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${product.label}"><rect width="64" height="64" rx="10" fill="${product.colour}"/>${product.shape}</svg>`;
}

export function registerProductImageRoutes(app: FastifyInstance): void {
  app.get<{ Params: { clientId: string; file: string } }>(
    '/images/:clientId/products/:file',
    {
      config: { public: true },
      schema: {
        summary: "A product image (SVG), as the commerce platform's CDN serves it",
        params: { type: 'object', required: ['clientId', 'file'], properties: { clientId: { type: 'string', pattern: '^[0-9]{1,12}$' }, file: { type: 'string', maxLength: 70 } } },
        response: { 200: { description: 'The image', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.svg$/.exec(request.params.file);
      if (!match || !NAME.test(match[1]!)) throw new AppError(404, 'image_not_found', 'No such image.');
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(productImage(match[1]!));
    },
  );
}
