import { z } from 'zod';
import { requiredString } from './common';

/** The ticket drawer's topics (analysis §2 "Support page"), stored and mailed as these codes. */
export const SUPPORT_TOPICS = ['account', 'reports', 'payments', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_MESSAGE_MAX = 5000;

/**
 * POST /api/create-ticket and the ticket drawer's form. Who sends the ticket is the session's to say: a
 * user id or an e-mail in the body is not part of the schema and is dropped.
 */
export const supportTicketSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: 'validation.support.topic' }),
  message: requiredString('validation.support.message').pipe(
    z.string().max(SUPPORT_MESSAGE_MAX, 'validation.support.messageTooLong'),
  ),
});
export type SupportTicketInput = z.output<typeof supportTicketSchema>;

/** The specification's `{ result }`, with the stored ticket's id. */
export const supportTicketCreatedSchema = z.object({ result: z.literal(true), id: z.uuid() });
export type SupportTicketCreated = z.output<typeof supportTicketCreatedSchema>;

export const SUPPORT_POST_KINDS = ['kb', 'blog'] as const;
export type SupportPostKind = (typeof SUPPORT_POST_KINDS)[number];
export const SUPPORT_LANGUAGES = ['en', 'tr'] as const;
export type SupportLanguage = (typeof SUPPORT_LANGUAGES)[number];

/** GET /api/support/posts?kind=kb|blog&lang=en|tr */
export const supportPostsQuerySchema = z.object({
  kind: z.enum(SUPPORT_POST_KINDS, { error: 'validation.support.kind' }),
  lang: z.enum(SUPPORT_LANGUAGES, { error: 'validation.support.lang' }).default('en'),
});

export const supportPostSchema = z.object({ title: z.string(), link: z.string() });
export type SupportPost = z.output<typeof supportPostSchema>;

/**
 * The latest posts of one kind. `source`: `wordpress` when its URL is configured; otherwise `guide` (the
 * knowledge base falls back to the guide shipped with the app, which the web lists itself) or `none` (no
 * blog: the section is hidden). `unavailable`: the site was slow, failed or answered something unreadable.
 */
export const supportPostsSchema = z.object({
  kind: z.enum(SUPPORT_POST_KINDS),
  source: z.enum(['wordpress', 'guide', 'none']),
  status: z.enum(['ok', 'unavailable']),
  posts: z.array(supportPostSchema),
});
export type SupportPosts = z.output<typeof supportPostsSchema>;

export const supportVideoSchema = z.object({
  id: z.string(),
  link: z.string(),
  title: z.string(),
  thumbnail: z.string(),
});
export type SupportVideo = z.output<typeof supportVideoSchema>;

/** GET /api/get-yt-videos: `disabled` when no channel is configured (the section is hidden). */
export const supportVideosSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'disabled']),
  videos: z.array(supportVideoSchema),
});
export type SupportVideos = z.output<typeof supportVideosSchema>;
