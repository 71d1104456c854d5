import {
  myTicketSchema,
  myTicketsSchema,
  ticketReplySchema,
  supportPostsQuerySchema,
  supportPostsSchema,
  supportTicketCreatedSchema,
  supportTicketSchema,
  supportVideosSchema,
  type SupportPost,
  type SupportPosts,
  type SupportVideo,
  type SupportVideos,
} from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { callerOf, idParams, registerGuardedScope } from '../../http/guarded-scope';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { createFeedCache } from './fetch-feed';
import { answerBack, myTickets } from './thread';
import { createTicket } from './tickets';
import { fetchWordPressPosts } from './wordpress';
import { fetchYouTubeVideos } from './youtube';

interface SupportDeps {
  db: Db;
  guard: Guard;
  queue: JobQueue;
  logger: Logger;
  config: Pick<
    Config,
    | 'KNOWLEDGE_BASE_URL'
    | 'BLOG_URL'
    | 'YOUTUBE_CHANNEL_ID'
    | 'YOUTUBE_FEED_URL'
    | 'SUPPORT_FEED_TIMEOUT_MS'
    | 'SUPPORT_EMAIL'
    | 'RATE_LIMIT_SCALE'
  >;
}

const BODY_LIMIT = 32 * 1024;

/**
 * The support centre: `GET /api/support/posts` (knowledge base and blog), `GET /api/get-yt-videos`,
 * `POST /api/create-ticket`, the seller's tickets and answers. One guarded scope that stays open to locked-out and suspended users (gating
 * rule 5 and the suspended page); an inactive account still gets 403.
 */
export function registerSupportRoutes(app: App, { db, guard, queue, logger, config }: SupportDeps) {
  const timeout = config.SUPPORT_FEED_TIMEOUT_MS;
  const onError = (key: string, error: unknown) =>
    logger.warn(
      { feed: key, reason: error instanceof Error ? error.message : String(error) },
      'support feed unavailable',
    );
  const posts = createFeedCache<SupportPost[]>(onError);
  const videos = createFeedCache<SupportVideo[]>(onError);
  const sites = { kb: config.KNOWLEDGE_BASE_URL, blog: config.BLOG_URL };

  registerGuardedScope(
    app,
    guard,
    () => notFound(),
    (scope) => {
      scope.get(
        '/api/support/posts',
        {
          schema: {
            querystring: supportPostsQuerySchema,
            response: { 200: supportPostsSchema, ...guardedErrors(400) },
          },
        },
        async (request): Promise<SupportPosts> => {
          const { kind, lang } = request.query;
          const site = sites[kind];
          if (!site) return { kind, source: kind === 'kb' ? 'guide' : 'none', status: 'ok', posts: [] };
          const found = await posts(`${kind}:${lang}`, () => fetchWordPressPosts(site, lang, timeout));
          return {
            kind,
            source: 'wordpress',
            status: found ? 'ok' : 'unavailable',
            posts: found ?? [],
          };
        },
      );

      scope.get(
        '/api/get-yt-videos',
        { schema: { response: { 200: supportVideosSchema, ...guardedErrors() } } },
        async (): Promise<SupportVideos> => {
          const channel = config.YOUTUBE_CHANNEL_ID;
          if (!channel) return { status: 'disabled', videos: [] };
          const found = await videos(channel, () =>
            fetchYouTubeVideos(config.YOUTUBE_FEED_URL, channel, timeout),
          );
          return { status: found ? 'ok' : 'unavailable', videos: found ?? [] };
        },
      );

      scope.post(
        '/api/create-ticket',
        {
          schema: {
            body: supportTicketSchema,
            response: { 201: supportTicketCreatedSchema, ...guardedErrors(400, 429) },
          },
          bodyLimit: BODY_LIMIT,
        },
        async (request, reply) => {
          const id = await createTicket(
            { db, queue, supportEmail: config.SUPPORT_EMAIL, rateLimitScale: config.RATE_LIMIT_SCALE },
            callerOf(request),
            request.body,
          );
          return reply.status(201).send({ result: true, id });
        },
      );

      // "My tickets" on the support page, and the seller's answer (which reopens the ticket).
      scope.get(
        '/api/support/tickets',
        { schema: { response: { 200: myTicketsSchema, ...guardedErrors() } } },
        (request) => myTickets(db, callerOf(request).userId),
      );

      scope.post(
        '/api/support/tickets/:id/reply',
        {
          schema: {
            params: idParams,
            body: ticketReplySchema,
            response: { 200: myTicketSchema, ...guardedErrors(400, 404, 429) },
          },
          bodyLimit: BODY_LIMIT,
        },
        (request) =>
          answerBack(db, callerOf(request), request.params.id, request.body.message, config.RATE_LIMIT_SCALE),
      );
    },
    { allowLocked: true, allowSuspended: true },
  );
}
