import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { setProgramTimeZone } from '../../shared/program-zone.js';
import type { AppConfig } from './config.js';
import i18nPlugin from './i18n/plugin.js';
import { loggerOptions, RequestLogController } from './logging.js';
import accountPlugin from './modules/account/routes.js';
import { adminRestRoutes } from './modules/admin-rest/routes.js';
import {
  assemblyComplianceJobs,
  assemblyComplianceRoutes,
} from './modules/assembly-compliance/routes.js';
import {
  accountCorrectionRoutes,
  correctionRoutes,
} from './modules/assembly-corrections/routes.js';
import { certificationRoutes } from './modules/certifications/routes.js';
import { complianceRoutes, reminderJobs } from './modules/compliance/routes.js';
import { directoryPages } from './modules/directory/pages.js';
import { documentRoutes } from './modules/documents/routes.js';
import draftsPlugin from './modules/drafts/routes.js';
import emailPlugin from './modules/email/plugin.js';
import { healthRoutes } from './modules/health/routes.js';
import { apiKeyRoutes } from './modules/integrations/key-routes.js';
import { readApiRoutes } from './modules/integrations/routes.js';
import { inventoryRoutes } from './modules/inventory/routes.js';
import { inventoryImportRoutes } from './modules/inventory-import/routes.js';
import organizationAccessPlugin from './modules/organization-access/plugin.js';
import { organizationPeopleRoutes } from './modules/organization-people/routes.js';
import { organizationRoutes } from './modules/organizations/routes.js';
import { setRegistrantLinks } from './modules/registrant-emails/links.js';
import linkCache from './modules/registration/link-cache.js';
import {
  embedOriginsForLink,
  organizationInfoForLink,
} from './modules/registration/organization-link.js';
import { publicRegistration } from './modules/registration/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { reviewRoutes } from './modules/review/routes.js';
import { staffAccountRoutes } from './modules/staff-auth/account-routes.js';
import staffAuthPlugin from './modules/staff-auth/plugin.js';
import { staffAuthRoutes } from './modules/staff-auth/routes.js';
import { standingJobs } from './modules/standing/jobs.js';
import { standingRoutes } from './modules/standing/routes.js';
import { accountTestReportReadRoutes } from './modules/test-reports/account-routes.js';
import { accountFieldRoutes } from './modules/test-reports/field-routes.js';
import { staffTestReportPdfRoutes } from './modules/test-reports/pdf-routes.js';
import {
  accountReturnedReportRoutes,
  testReportReviewRoutes,
} from './modules/test-reports/review-routes.js';
import { accountTestReportRoutes } from './modules/test-reports/routes.js';
import { testReportRulesRoutes } from './modules/test-reports/settings-routes.js';
import uploadsPlugin from './modules/uploads/plugin.js';
import { userRoutes } from './modules/users/routes.js';
import webhooksPlugin from './modules/webhooks/plugin.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { staffRoutes } from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import embedPlayground from './plugins/embed-playground.js';
import errorsPlugin from './plugins/errors.js';
import invalidationPlugin from './plugins/invalidation.js';
import jobsPlugin from './plugins/jobs.js';
import rateLimitsPlugin from './plugins/rate-limits.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { armFaultPoint } from './testing/fault-points.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  /** A pino-compatible destination for the logs (tests capture them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Builds the whole server: API, console and public site. Never listens; server.ts owns the
 * process and tests call app.inject. config.databaseUrl must be set (server.ts starts the
 * embedded database first when the environment names none).
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  if (!config.databaseUrl) throw new Error('buildApp needs config.databaseUrl');
  armFaultPoint(config);
  setProgramTimeZone(config.programTimeZone);
  setRegistrantLinks({ publicUrl: config.publicUrl, supportUrl: config.links.support });
  const logger = loggerOptions(config.logLevel);
  const app = Fastify({
    logController: new RequestLogController({ requestIdLogLabel: 'requestId' }),
    logger: options.logStream ? { ...logger, stream: options.logStream } : logger,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    connectionTimeout: config.timeouts.requestMs,
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Node enforces the header and request deadlines from a timer that runs every 30 s by
    // default, which lets a client trickling its headers or body hold a socket 30 s past them.
    http: { connectionsCheckingInterval: Math.min(1_000, config.timeouts.headersMs) },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = config.timeouts.headersMs;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(i18nPlugin);
  await app.register(securityPlugin, {
    https: config.publicUrl.startsWith('https://'),
    googleSignIn: Boolean(config.auth.googleClientId),
  });
  // Per-route limits (`config.rateLimit`), counted across every instance.
  await app.register(rateLimitsPlugin, {
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
  });
  await app.register(dbPlugin, { databaseUrl: config.databaseUrl, poolMax: config.db.poolMax });
  await app.register(jobsPlugin, { databaseUrl: config.databaseUrl, enabled: config.jobs });
  await app.register(emailPlugin, {
    databaseUrl: config.databaseUrl,
    sweep: config.outboxSweep,
  });
  await app.register(webhooksPlugin, { databaseUrl: config.databaseUrl });
  await app.register(docsPlugin);
  await app.register(staffRoutes);
  await app.register(staffAuthPlugin);
  await app.register(organizationAccessPlugin);

  await app.register(invalidationPlugin, { databaseUrl: config.databaseUrl });
  await app.register(linkCache);
  await app.register(uploadsPlugin);
  await app.register(draftsPlugin);
  await app.register(accountPlugin);
  await app.register(healthRoutes);
  await app.register(publicRegistration);
  await app.register(staffAuthRoutes);
  await app.register(staffAccountRoutes);
  await app.register(organizationRoutes);
  await app.register(certificationRoutes);
  await app.register(userRoutes);
  await app.register(reportRoutes);
  await app.register(reminderJobs);
  await app.register(standingJobs);
  await app.register(assemblyComplianceJobs);
  await app.register(complianceRoutes);
  await app.register(reviewRoutes);
  await app.register(standingRoutes);
  await app.register(webhookRoutes);
  await app.register(adminRestRoutes);
  await app.register(organizationPeopleRoutes);
  await app.register(inventoryRoutes);
  await app.register(assemblyComplianceRoutes);
  await app.register(correctionRoutes);
  await app.register(accountCorrectionRoutes);
  await app.register(accountTestReportRoutes);
  await app.register(testReportRulesRoutes);
  await app.register(testReportReviewRoutes);
  await app.register(accountReturnedReportRoutes);
  await app.register(accountTestReportReadRoutes);
  await app.register(staffTestReportPdfRoutes);
  await app.register(accountFieldRoutes);
  await app.register(inventoryImportRoutes);
  await app.register(documentRoutes);
  await app.register(apiKeyRoutes);
  await app.register(readApiRoutes, { prefix: '/api/v1' });

  await app.register(directoryPages, {
    webRoot: config.webRoot,
    production: config.env === 'production',
    publicUrl: config.publicUrl,
  });
  if (config.env !== 'production') await app.register(embedPlayground);
  await app.register(webPlugin, {
    links: config.links,
    webRoot: config.webRoot,
    production: config.env === 'production',
    embedOrigins: (formHash) =>
      embedOriginsForLink(app.orm.em.fork(), formHash, { cache: app.linkCache }),
    // A link that opens no form (or a failed lookup) leaves the page to the browser, which shows
    // what is wrong.
    orgInfo: (formHash) =>
      organizationInfoForLink(app.orm.em.fork(), formHash, { cache: app.linkCache }).catch(
        () => null,
      ),
  });
  return app;
}
