import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiErrorSchema } from '@crossmarket/domain';
import { getCookies } from 'better-auth/cookies';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from './app-type';
import { tokenAllowed } from '../features/auth/token-scope';
import { API_EXAMPLES, ERROR_EXAMPLES } from './openapi-examples';
import {
  defaultErrors,
  CONSOLE_PREFIX,
  DOCS_PREFIX,
  errorDescription,
  HIDDEN_ROUTES,
  LISTINGS_UPLOAD,
  OPENAPI_URL,
  operationIdOf,
  SELF_PARSED_BODIES,
  SETTINGS_ERROR_SCHEMA,
  securityOf,
  TAGS,
  tagOf,
} from './openapi-rules';
import { DOCS_CSS, DOCS_JS } from './openapi-theme';

export { DOCS_PREFIX, OPENAPI_URL } from './openapi-rules';

type JsonSchema = Record<string, unknown>;
const SCHEMAS = '#/components/schemas/';
const ERROR_REF = `${SCHEMAS}${z.globalRegistry.get(apiErrorSchema)?.id ?? 'ApiError'}`;

const zodTransform = createJsonSchemaTransform({ skipList: [] });
const zodTransformObject = createJsonSchemaTransformObject({});
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * One operation: the zod schemas as JSON Schema (fastify-type-provider-zod), plus what routes do not say
 * themselves: tag, security, error responses (the usual ones where a route declares none) and the bodies
 * of routes that parse their own.
 */
function transform(input: TransformInput): ReturnType<typeof zodTransform> {
  const { url } = input;
  const routeSchema = (input.schema ?? {}) as JsonSchema;
  if (
    url in HIDDEN_ROUTES ||
    url.startsWith(CONSOLE_PREFIX) ||
    url === DOCS_PREFIX ||
    url.startsWith(`${DOCS_PREFIX}/`) ||
    routeSchema.hide
  ) {
    return { schema: { hide: true }, url } as ReturnType<typeof zodTransform>;
  }
  const { route } = input as unknown as { route: RouteOptions };
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  const method = methods[0]!;
  if (methods.some((m) => tokenAllowed(m, url) !== tokenAllowed(method, url))) {
    throw new Error(`${methods.join(',')} ${url}: methods differ in token access; split the route`);
  }
  const key = `${method} ${url}`;
  const selfParsed = routeSchema.body ? undefined : SELF_PARSED_BODIES[key];
  const out = zodTransform({
    ...input,
    schema: { ...routeSchema, ...(selfParsed && { body: selfParsed }) },
  } as TransformInput).schema as JsonSchema;

  const response: Record<string, JsonSchema> = { ...(out.response as Record<string, JsonSchema>) };
  if (!Object.keys(response).some((status) => status.startsWith('4'))) {
    const { codes, shape } = defaultErrors(method, url, out);
    for (const code of codes) response[code] = { $ref: shape ? `${SCHEMAS}${shape}` : ERROR_REF };
  }
  // A personal token's calls are counted: any route it may call can answer 429, declared errors or not.
  if (tokenAllowed(method, url)) response['429'] ??= { $ref: ERROR_REF };
  response['500'] ??= { $ref: ERROR_REF };
  for (const [status, schema] of Object.entries(response)) {
    const description = /^[45]/.test(status) && errorDescription(status, method, url);
    if (description && !schema.description) response[status] = { ...schema, description };
  }
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    response['200'] = { 'x-response-description': 'Success (the route declares no response schema).' };
  }

  if (key === 'POST /api/reports' && out.body) {
    // The conversion's placeholder `$id`, nested under `content`, would become the schema's title.
    delete (out.body as JsonSchema).$id;
    out.body = {
      content: {
        'application/json': { schema: out.body },
        'multipart/form-data': { schema: LISTINGS_UPLOAD },
      },
    };
  }
  return {
    url,
    schema: {
      ...out,
      response,
      operationId: (out.operationId as string | undefined) ?? operationIdOf(method, url),
      summary: (out.summary as string | undefined) ?? API_EXAMPLES[key]?.summary,
      tags: (out.tags as string[] | undefined) ?? [tagOf(url)],
      security: securityOf(method, url),
    },
  };
}

type Media = { schema?: JsonSchema; example?: unknown };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, object> };
};

/**
 * The examples (openapi-examples.ts) on their operations' JSON media, and success responses described by
 * their schema's own description. Done on the whole document: a response schema that is a reference
 * keeps no keyword beside `$ref` through @fastify/swagger.
 */
function addExamplesAndDescriptions(document: Document) {
  for (const [key, example] of Object.entries(API_EXAMPLES)) {
    const [method, url] = key.split(' ') as [string, string];
    const op = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    if (!op) continue;
    const request = op.requestBody?.content['application/json'];
    if (request && example.request !== undefined) request.example = example.request;
    const response = op.responses[String(example.status)]?.content?.['application/json'];
    if (response && example.response !== undefined) response.example = example.response;
  }
  for (const [url, ops] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const token = tokenAllowed(method, url.replace(/\{(\w+)\}/g, ':$1'));
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        const example = ERROR_EXAMPLES[token && status === '403' ? '403 token' : status];
        if (media && media.schema?.$ref === ERROR_REF && !('example' in media) && example) {
          media.example = example;
        }
      }
    }
  }
  for (const op of Object.values(document.paths).flatMap((ops) => Object.values(ops))) {
    for (const response of Object.values(op.responses)) {
      if (response.description !== 'Default Response') continue;
      const ref = response.content?.['application/json']?.schema?.$ref;
      const named =
        typeof ref === 'string' ? document.components.schemas[ref.slice(SCHEMAS.length)] : undefined;
      response.description = (named?.description as string | undefined) ?? 'Success.';
    }
  }
}

/** The component names a piece of the document refers to. */
const refsIn = (value: unknown) =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);

/**
 * The registry's schemas (`.meta({ id })`) as components, tidied: without the `$id` and `$schema` the
 * conversion leaves (an `$id` of `#/components/schemas/X` sends Swagger UI's resolver astray, and 2020-12
 * forbids a fragment there), and only those the operations use (each id comes in an input and an output
 * variant).
 */
function tidyComponents(document: Document) {
  const all = document.components.schemas;
  const used = new Set<string>();
  const queue = refsIn(document.paths);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (used.has(name) || !all[name]) continue;
    used.add(name);
    queue.push(...refsIn(all[name]));
  }
  document.components.schemas = Object.fromEntries(
    [...used].sort().map((name) => {
      const { $id: _id, $schema: _schema, ...schema } = all[name]!;
      return [name, schema];
    }),
  );
}

const DESCRIPTION = `The Crossmarket API: the calls the web app makes, documented from the same schemas that validate them.

**Authentication.** The web app signs in through better-auth (\`/api/auth/*\`, not listed here) and holds a
session cookie; requests made with the cookie that change something must carry the app's own \`Origin\`.
Scripts use a **personal API token** instead: create one in *Settings → API* (shown once), then send
\`Authorization: Bearer <token>\`. A token works only on the operations that list \`bearerAuth\`
(sending product IDs in, following a report, its filtered rows and exports, a quick check of one
product, the day's usage), with its own rate limit; everything else (billing, the account, the tokens themselves) answers 403 to a token.
Tokens are created, listed and revoked in the web app (better-auth's \`/api/auth/api-key/*\`, session only).

**Errors.** Every error is \`{ "error": { "code", "message" } }\`: \`code\` is stable, \`message\` is English;
a 429 says how long to wait in \`Retry-After\`.`;

/** Registers the document (`GET /api/openapi.json`) and its reference page (`/api/docs`); before any route. */
export async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crossmarket API',
        version: process.env.npm_package_version ?? '0.1.0',
        description: DESCRIPTION,
      },
      tags: [...TAGS],
      components: {
        securitySchemes: {
          // Its name is read from better-auth when the document is built (see transformObject).
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session_token' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token, created in Settings → API.',
          },
        },
      },
    },
    transform,
    transformObject(input) {
      const document = zodTransformObject(
        input as Parameters<typeof zodTransformObject>[0],
      ) as unknown as Document;
      document.components.schemas.SettingsError = SETTINGS_ERROR_SCHEMA;
      tidyComponents(document);
      addExamplesAndDescriptions(document);
      document.components.securitySchemes.sessionCookie = {
        type: 'apiKey',
        in: 'cookie',
        // The name depends on APP_URL (a __Secure- prefix over https), so it is read from better-auth.
        name: getCookies(app.auth.options).sessionToken.name,
        description: 'The web app session; a request that changes something must carry the app Origin.',
      };
      return document as unknown as ReturnType<typeof zodTransformObject>;
    },
  });
  app.get(OPENAPI_URL, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to validator.swagger.io: the page talks to this server only.
    validatorUrl: false,
    // BaseLayout: no top bar (its URL box and logo fail axe, and the page documents this server only);
    // no deep links, whose anchors nested in each operation's toggle button fail axe too.
    // Plain examples: the highlighter's colours on its dark background fall short of 4.5:1.
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      syntaxHighlight: false,
    },
    theme: {
      title: 'Crossmarket API',
      css: [{ filename: 'crossmarket.css', content: DOCS_CSS }],
      js: [{ filename: 'crossmarket.js', content: DOCS_JS }],
    },
  });
}
