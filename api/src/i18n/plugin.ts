import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addCatalogue } from '../../../shared/i18n/catalogue.js';
import { es } from '../../../shared/i18n/es.js';
import { addFieldCatalogue } from '../../../shared/i18n/field.js';
import { FIELD_ES } from '../../../shared/i18n/field-es.js';
import {
  DEFAULT_LANGUAGE,
  languageFromAcceptLanguage,
  languageOf,
  type TLanguage,
} from '../../../shared/i18n/languages.js';
import { localizeAnswer } from './answers.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the registrant reads: ?lang=, else Accept-Language, else English. */
    language: TLanguage;
  }
}

/** The calls whose answers a registrant reads; staff calls stay English. */
const PUBLIC_PREFIXES = ['/api/tr/', '/api/uploads/', '/api/drafts/', '/api/account/'];

export const isPublicCall = (url: string) =>
  PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix));

export function requestLanguage(request: Pick<FastifyRequest, 'query' | 'headers'>): TLanguage {
  const explicit = (request.query as { lang?: unknown } | undefined)?.lang;
  return (
    languageOf(explicit) ??
    languageFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The registrant's language on every public call: the answer's messages are read from the
 * shared catalogue in it (codes never change), with Content-Language saying which it is.
 */
const i18nPlugin: FastifyPluginAsync = async (app) => {
  addCatalogue('es', es);
  addFieldCatalogue('es', FIELD_ES);
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  // Callback hooks: they run on every request, and a promise each would cost the hottest calls.
  app.addHook('onRequest', (request, reply, done) => {
    if (isPublicCall(request.url)) {
      request.language = requestLanguage(request);
      reply.header('content-language', request.language).header('vary', 'Accept-Language');
    }
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(
      null,
      request.language === DEFAULT_LANGUAGE ? payload : localizeAnswer(payload, request.language),
    );
  });
};

export default fp(i18nPlugin, { name: 'i18n' });
