import fs from 'node:fs';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { HELD_FOLDER } from './http/held-web-files';
import { heldWebFileRoutes } from './http/held-web-file-routes';
import { registerJsonBodyParser } from './http/json-body';
import { registerSecurityHeaders } from './http/security-headers';
import { sessionPlugin } from './http/session';
import { othersFilesHook } from './http/others-files-hook';
import { requireStudioRequest } from './http/studio-request';
import { servesWebFile, setWebFileHeaders, webAppIndex, webFileAddress } from './http/web-app';
import { assetRoutes } from './routes/assets';
import { authRoutes } from './routes/auth';
import { comfyEditorProxy, comfyEditorRoutes } from './routes/comfy-editor';
import { communityRoutes } from './routes/community';
import { editorRoutes } from './routes/editor';
import { cutRoutes } from './routes/cut';
import { exportRoutes } from './routes/exports';
import { generationRoutes } from './routes/generations';
import { movieRoutes } from './routes/movies';
import { paymentRoutes } from './routes/payments';
import { scriptRoutes } from './routes/scripts';
import { storyboardRoutes } from './routes/storyboard';
import { userRoutes } from './routes/users';
import { workerRoutes } from './routes/workers';
import { workflowRoutes } from './routes/workflows';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './services/auth';
import { LOCAL_STORAGE_ROUTE_PREFIX, LocalStorage } from './storage/local-storage';
import { localStorageRoutes } from './storage/local-storage-routes';

export type AppOptions = Omit<AppDeps, 'signInLimits'> & {
  signInLimits?: SignInLimits;
  logger?: boolean;
  /** The server the app answers on (the front door's, already listening); unset: Fastify makes its own. */
  serverFactory?: FastifyServerFactory;
};

/** Builds the whole HTTP app: the API under /api/v1, its docs, local storage URLs and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const deps: AppDeps = { ...options, signInLimits: options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS };
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    serverFactory: options.serverFactory,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler(deps.config.webDist));

  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(sessionPlugin, { db: deps.db });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Cinegraph API', version: '1.0.0', description: 'Errors are {"detail": "..."}.' },
    },
    // Storage URLs are presigned links, not API calls.
    transform: (route) =>
      route.url.startsWith(LOCAL_STORAGE_ROUTE_PREFIX)
        ? { schema: { ...route.schema, hide: true }, url: route.url }
        : jsonSchemaTransform(route),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.addHook('onRequest', requireStudioRequest);
      api.addHook('preHandler', othersFilesHook(deps.db));
      registerJsonBodyParser(api);
      authRoutes(api, deps);
      userRoutes(api, deps);
      movieRoutes(api, deps);
      editorRoutes(api, deps);
      storyboardRoutes(api, deps);
      assetRoutes(api, deps);
      generationRoutes(api, deps);
      workerRoutes(api, deps);
      comfyEditorRoutes(api, deps);
      communityRoutes(api, deps);
      exportRoutes(api, deps);
      cutRoutes(api, deps);
      scriptRoutes(api, deps);
      await api.register(workflowRoutes(deps));
      await api.register(paymentRoutes(deps));
    },
    { prefix: '/api/v1' },
  );

  await app.register(comfyEditorProxy(deps));
  if (deps.storage instanceof LocalStorage) {
    await app.register(localStorageRoutes(deps.storage), { prefix: LOCAL_STORAGE_ROUTE_PREFIX });
  }
  if (fs.existsSync(webAppIndex(deps.config.webDist))) {
    await app.register(fastifyStatic, {
      root: deps.config.webDist,
      wildcard: false,
      index: false,
      allowedPath: servesWebFile,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) =>
        setWebFileHeaders(response, webFileAddress(deps.config.webDist, filePath)),
      // Answered from memory (heldWebFileRoutes), or by `reply.sendFile` where memory does not answer.
      globIgnore: [`${HELD_FOLDER}/**`],
    });
    await app.register(heldWebFileRoutes, { webDist: deps.config.webDist });
  }
  return app;
}
