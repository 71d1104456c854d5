import { PRODUCT_ID, rawBodySchema } from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import { errors } from '../../http/responses';
import { hash } from './seed';

/** Where the sandbox's product images live: on this app, relative, so any APP_URL (and offline) works. */
export const SANDBOX_IMAGES_ROUTE = '/sandbox/images/:asin.svg';
export const sandboxImagePath = (productId: string) => `/sandbox/images/${productId}.svg`;

/** A product ID names one image for ever: a year in any cache. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SHAPES = [
  '<circle cx="100" cy="88" r="52"/>',
  '<rect x="52" y="40" width="96" height="96" rx="14"/>',
  '<polygon points="100,34 158,136 42,136"/>',
  '<polygon points="100,30 160,88 100,146 40,88"/>',
  '<polygon points="100,32 150,60 150,116 100,144 50,116 50,60"/>',
] as const;

/**
 * The sandbox's picture of a product: a shape and a colour drawn from a hash of the ID, and the ID's
 * last characters, so rows tell apart at a glance. Only the validated ID (letters and digits) is written
 * into it, and it holds no script.
 */
export function sandboxImageSvg(productId: string): string {
  const h = hash(productId);
  const hue = h % 360;
  const shape = SHAPES[(h >>> 9) % SHAPES.length]!;
  const label = productId.slice(-4);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${productId}">` +
    `<rect width="200" height="200" fill="hsl(${hue} 60% 94%)"/>` +
    `<g fill="hsl(${hue} 55% 48%)">${shape}</g>` +
    `<text x="100" y="180" text-anchor="middle" font-family="monospace" font-size="26" font-weight="700" fill="hsl(${hue} 50% 28%)">${label}</text>` +
    '</svg>'
  );
}

const params = z.object({ asin: z.string().regex(PRODUCT_ID, 'This product was not found.') });

/** GET /sandbox/images/:asin.svg — public, like any product image on a marketplace's CDN. */
export function registerSandboxImages(app: App) {
  app.get(
    SANDBOX_IMAGES_ROUTE,
    {
      schema: {
        params,
        response: { 200: rawBodySchema('The product image (image/svg+xml).'), ...errors(400) },
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(sandboxImageSvg(request.params.asin)),
  );
}
