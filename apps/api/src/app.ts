import { existsSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import { auditLogRoutes } from "./modules/audit-log/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { AuthService } from "./modules/auth/service.ts";
import { bookingRoutes } from "./modules/bookings/routes.ts";
import { boxRoutes } from "./modules/boxes/routes.ts";
import { categoryRoutes } from "./modules/categories/routes.ts";
import { cityRoutes } from "./modules/cities/routes.ts";
import { countryRoutes } from "./modules/countries/routes.ts";
import { eventRoutes } from "./modules/events/routes.ts";
import { countExportJobs, type ExportOptions, registerExports } from "./modules/exports/index.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { ownerRoutes } from "./modules/owners/routes.ts";
import { paymentMethodRoutes } from "./modules/payment-methods/routes.ts";
import { paymentProviderRoutes } from "./modules/payment-providers/routes.ts";
import { permissionRoutes } from "./modules/permissions/routes.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { reviewQueueRoutes } from "./modules/review-queue/routes.ts";
import { roleRoutes } from "./modules/roles/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { securityRoutes } from "./modules/security/routes.ts";
import { createSecretBox } from "./modules/security/secret-box.ts";
import { SecurityService } from "./modules/security/service.ts";
import { authSessionRoutes } from "./modules/security/sessions-routes.ts";
import { stepUpRoutes } from "./modules/security/step-up-routes.ts";
import { serviceRoutes } from "./modules/services/routes.ts";
import { sessionRoutes } from "./modules/session/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { simulationRoutes } from "./modules/simulation/routes.ts";
import { stateRoutes } from "./modules/states/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { venueRoutes } from "./modules/venues/routes.ts";
import { viewRoutes } from "./modules/views/routes.ts";
import { webDistFolder } from "./paths.ts";
import { entityTag, isVersionedAnswer } from "./platform/audit.ts";
import { createAccessTokens } from "./platform/auth.ts";
import { listenForControl } from "./platform/backup.ts";
import { type Config, ensureJwtSecret, seedDemoDecision } from "./platform/config.ts";
import { createDatabase, type Database, type Db } from "./platform/db.ts";
import { DocumentStore } from "./platform/documents.ts";
import {
  answerClientError,
  answerFrameworkError,
  errorBody,
  installErrorHandling,
  isApiPath,
  languageOf,
  sendError,
} from "./platform/errors.ts";
import { s3FileStore } from "./platform/file-store.ts";
import { installGuard } from "./platform/guard.ts";
import { ImageStore } from "./platform/images.ts";
import { defaultLogger, RequestLogController, withLogRedaction } from "./platform/logging.ts";
import { BackgroundTasks, createMailer, type Mailer } from "./platform/mail.ts";
import { allowedMethods } from "./platform/methods.ts";
import { createMetrics, installMetrics, listenForMetrics, type Metrics } from "./platform/metrics.ts";
import { migrateDatabase, missingTimeZones } from "./platform/migrate.ts";
import { MULTIPART_LIMITS } from "./platform/multipart.ts";
import { createRealtime, type Realtime } from "./platform/realtime.ts";
import { connectRedis } from "./platform/redis.ts";
import { responseSerializerCompiler } from "./platform/serializer.ts";
import { Sessions } from "./platform/sessions.ts";
import { registerUploads, uploadsDir } from "./platform/storage.ts";
import {
  type CounterStore,
  DEFAULT_LOGIN_THROTTLE,
  LoginThrottle,
  type LoginThrottleOptions,
  MemoryCounterStore,
  RateLimiter,
  RedisCounterStore,
} from "./platform/throttle.ts";
import { type SeedResult, seed } from "./seed.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    appConfig: Config;
    auth: AuthService;
    security: SecurityService;
    mailer: Mailer;
    background: BackgroundTasks;
    realtime: Realtime;
    sessions: Sessions;
    images: ImageStore;
    documents: DocumentStore;
    counters: CounterStore;
    forgotIpLimiter: RateLimiter;
    seedResult: SeedResult | undefined;
    metrics: Metrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Fastify logger option; defaults to pino at LOG_LEVEL, pretty-printed when stdout is a terminal. */
  logger?: FastifyServerOptions["logger"];
  /** Create the super-admin and demo data (default true). */
  seed?: boolean;
  loginThrottle?: LoginThrottleOptions;
  /** Where the seed prints the generated password (stdout by default). */
  print?: (line: string) => void;
  /** The built SPA to serve (apps/web/dist by default); ignored when it has no index.html. */
  webDist?: string;
  /** The export job worker of this instance (tests drive it themselves). */
  exports?: ExportOptions;
}

/** The app's pages for members who are not signed in (besides /login): never drawn in the signed-in frame. */
const PUBLIC_PAGES = /^\/(forgot-password|password-reset-link-sent|reset-password|activate-account)(\/|$)/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const jwtSecret = ensureJwtSecret(config);

  const app = Fastify({
    // Request URLs carry reset and activation tokens (/reset-password?token=…): they are censored in every log.
    logger: withLogRedaction(options.logger ?? defaultLogger(config.logLevel)),
    // One line per request (platform/logging.ts).
    logController: new RequestLogController(),
    // A hop count is valid at run time (proxy-addr) although the type only lists booleans and addresses.
    trustProxy: config.trustProxy as FastifyServerOptions["trustProxy"],
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (a URL that does not decode) and by Node's HTTP parser (headers too large) get
    // the API's error shape and language instead of Fastify's English text echoing the input.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Shutdown drains (server.ts, platform/drain.ts): requests that reached the server are answered, with
    // `Connection: close`, rather than refused with 503 or cut with the idle keep-alive sockets they arrive on.
    return503OnClosing: false,
    forceCloseConnections: false,
  });

  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    // No body at all is checked as an empty form, so the answer lists every missing field.
    return route.httpPart === "body" ? (data: unknown) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(
    responseSerializerCompiler({
      checkResponses: config.checkResponses,
      onFallback: (route, reason) => app.log.warn(`${route} answers through zod: ${reason}`),
    }),
  );

  // Clients often send Content-Type: application/json with an empty body on PUT …/activate or logout.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });

  installErrorHandling(app);
  // API answers carry personal data and session tokens: no browser or proxy may keep them, errors included.
  app.addHook("onSend", async (request, reply, payload) => {
    // A route may only be stricter (private documents add "private"): never cacheable.
    const own = reply.getHeader("Cache-Control");
    if (isApiPath(request.url) && !(typeof own === "string" && own.includes("no-store"))) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
  // Every record the API answers carries its version, which the SPA sends back as If-Match (platform/audit.ts).
  app.addHook("preSerialization", async (request, reply, payload) => {
    if (isVersionedAnswer(request, reply.statusCode, payload)) reply.header("ETag", entityTag(payload));
    return payload;
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? (await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  try {
    await migrateDatabase(database, config.databaseMigrationUrl);
    const unknownZones = await missingTimeZones(database.db);
    if (unknownZones.length > 0) {
      app.log.warn(
        `The database does not know ${unknownZones.length} of the time zones the product offers (older time-zone data): ${unknownZones.join(", ")}. Do not give them to cities.`,
      );
    }
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  const counters: CounterStore = redis ? new RedisCounterStore(redis.client) : new MemoryCounterStore();
  const tokens = createAccessTokens(jwtSecret);
  const sessions = new Sessions({
    db: database.db,
    log: app.log,
    policy: { mfaRequiredForSuperAdmin: config.mfaRequiredForSuperAdmin },
  });
  if (redis) await sessions.useRedis(redis);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, "outbox"),
  });
  const background = new BackgroundTasks(app.log);
  // One throttle for both sign-in steps and step-up: a wrong code counts like a wrong password.
  const throttle = new LoginThrottle(counters, options.loginThrottle ?? DEFAULT_LOGIN_THROTTLE);
  const security: SecurityService = new SecurityService({
    db: database.db,
    sessions,
    throttle,
    mailer,
    background,
    publicUrl: config.publicUrl,
    secretBox: createSecretBox({ mfaEncryptionKey: config.mfaEncryptionKey, jwtSecret }),
    stepUpSeconds: config.stepUpSeconds,
    startSession: (tx, userId, how) => auth.startSession(tx, userId, how),
  });
  const auth: AuthService = new AuthService({
    db: database.db,
    tokens,
    sessions,
    throttle,
    secondStep: security,
    resetMailLimiter: new RateLimiter(counters, "reset-mail", 5, 60 * 60 * 1000),
    mailer,
    background,
    publicUrl: config.publicUrl,
  });

  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("appConfig", config);
  app.decorate("auth", auth);
  app.decorate("security", security);
  app.decorate("sessions", sessions);
  app.decorate("mailer", mailer);
  app.decorate("background", background);
  const files = config.s3Url ? s3FileStore(config.s3Url) : undefined;
  app.decorate("images", new ImageStore(uploadsDir(config.dataDir), app.log, files));
  app.decorate("documents", new DocumentStore(path.join(config.dataDir, "private"), jwtSecret, app.images));
  app.decorate("counters", counters);
  const metrics = createMetrics(() => ({
    pool: database.poolStats,
    exportJobs: () => countExportJobs(database.db),
    sockets: () => app.realtime?.io.engine.clientsCount ?? 0,
    backgroundTasks: () => background.size,
  }));
  database.onPoolWait((seconds) => metrics.observePoolWait(seconds));
  app.decorate("metrics", metrics);
  installMetrics(app, metrics, config.metricsToken);
  app.decorate("forgotIpLimiter", new RateLimiter(counters, "forgot-ip", 20, 15 * 60 * 1000));
  app.decorate("seedResult", undefined);

  // Before the guard, so refusals carry the headers too. helmet's middleware is built once: the Fastify plugin builds
  // it again for every request, parsing the policy each time (a few per cent of a busy server's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects style attributes and <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: lets the venue map load tiles from whichever tile server is configured.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  installGuard(app, { tokens, sessions, stepUpSeconds: config.stepUpSeconds });

  // Before every route: the plugin hooks each route as it is declared. JSON and text above 1 KiB are compressed;
  // images are not (their types are not compressible) and neither is what already carries a Content-Encoding
  // (the SPA's precompressed files). Brotli at quality 4 costs about as much CPU as gzip, unlike the default 11.
  // Clients never need to send compressed bodies, so request decompression stays off.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Palco Admin API",
        description:
          "Every route declares a permission (see each operation's description). Errors have the shape " +
          "{statusCode, error, message, messages?} with texts in the Accept-Language of the request.",
        version: "1.0.0",
      },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  // Off with API_DOCS=false: the pages list every route and schema to anyone, signed in or not.
  if (config.apiDocs) {
    await app.register(fastifySwaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      // Plain-HTTP installs (an office LAN) would otherwise have the docs' own assets upgraded to https and fail.
      transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ""),
    });
  }

  await registerUploads(app, config.dataDir, files);
  // Routes read forms with platform/multipart.ts (readForm), which passes each route's own file size limit;
  // these are the ceilings for anything else. Oversized files are cut off and reported by the route (422).
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { ...MULTIPART_LIMITS, fileSize: 5 * 1024 * 1024 },
  });

  const spaRoot = options.webDist ?? webDistFolder();
  const hasSpa = existsSync(path.join(spaRoot, "index.html"));
  // The SPA's HTML with a page already in it (apps/web/scripts/prerender.mjs): the sign-in page, sent for /login,
  // and the signed-in frame with the page's title, sent for every other address of the app.
  const hasLoginPage = hasSpa && existsSync(path.join(spaRoot, "login.html"));
  const hasShell = hasSpa && existsSync(path.join(spaRoot, "shell.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: spaRoot,
      prefix: "/",
      // The build writes .br and .gz next to each text file (apps/web/vite.config.ts); they are sent as they are
      // to clients that accept them, with `Vary: Accept-Encoding`. reply.sendFile (the SPA fallback) too.
      preCompressed: true,
      // "/" (the dashboard) in the signed-in frame, like the fallback below sends the app's other pages.
      index: hasShell ? "shell.html" : "index.html",
      // Neither the build manifest (.vite/) nor source maps (kept only when the build opts in) are public.
      dotfiles: "ignore",
      allowedPath: (pathname) => !pathname.endsWith(".map"),
      setHeaders: (reply, filePath) => {
        // With precompression the file sent is index.html.br or index.html.gz.
        if (/(index|login|shell)\.html(\.br|\.gz)?$/.test(filePath)) reply.header("Cache-Control", "no-cache");
        else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          // Vite puts content hashes in these names, so they never change.
          reply.header("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  await app.register(healthRoutes, { redis: redis?.client });
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(securityRoutes);
  await app.register(stepUpRoutes);
  await app.register(authSessionRoutes);
  await app.register(permissionRoutes);
  await app.register(countryRoutes);
  await app.register(stateRoutes);
  await app.register(cityRoutes);
  await app.register(categoryRoutes);
  await app.register(serviceRoutes);
  await app.register(venueRoutes);
  await app.register(eventRoutes);
  await app.register(ownerRoutes);
  await app.register(boxRoutes);
  await app.register(bookingRoutes);
  await app.register(notificationRoutes);
  await app.register(reviewQueueRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(searchRoutes);
  await app.register(paymentProviderRoutes);
  await app.register(viewRoutes);
  await app.register(paymentMethodRoutes);
  await app.register(auditLogRoutes);
  await app.register(settingsRoutes);
  await app.register(reportRoutes);
  await app.register(simulationRoutes);
  await registerExports(app, config.dataDir, { concurrency: config.exportConcurrency, ...options.exports });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    // A missing file (a name with an extension such as robots.txt or x.js.map, or anything under /assets/) is a
    // 404, never the SPA's HTML: a browser or crawler asking for a script, map or text must not get a page.
    const isClientRoute =
      (request.method === "GET" || request.method === "HEAD") &&
      !/^\/(api|uploads|socket\.io|assets|metrics)(\/|$)/.test(pathname) &&
      !/\.[A-Za-z0-9]+$/.test(pathname);
    if (hasSpa && isClientRoute) {
      // Client-side routes (/cities/12, /reset-password?token=…) all load the SPA; /login with its page in it, the
      // signed-in area's pages in its frame (which shows only to a member who is signed in).
      const page =
        hasLoginPage && pathname === "/login"
          ? "login.html"
          : hasShell && !PUBLIC_PAGES.test(pathname)
            ? "shell.html"
            : "index.html";
      return reply.header("Cache-Control", "no-cache").sendFile(page, spaRoot);
    }
    // An API path that exists under other methods (PATCH /api/bookings/1) is a 405 naming them, not a 404.
    const allowed = allowedMethods(app, request.url);
    if (allowed.length > 0) {
      reply.header("Allow", allowed.join(", "));
      const key = "ERRORS.METHOD_NOT_ALLOWED";
      return sendError(reply, errorBody(405, languageOf(request), { general: key }, key));
    }
    return sendError(reply, errorBody(404, languageOf(request), { general: "ERRORS.NOT_FOUND" }, "ERRORS.NOT_FOUND"));
  });

  const realtime = await createRealtime({ server: app.server, tokens, sessions, redis, log: app.log });
  app.decorate("realtime", realtime);

  const metricsListener = config.metricsPort ? await listenForMetrics(metrics, config.metricsPort) : undefined;
  // `npm run backup` asks the running server: the embedded database has one user, this process.
  const control =
    database.dump && database.dataDir ? await listenForControl(config.dataDir, database.dump, app.log) : undefined;
  app.addHook("onClose", async () => {
    if (control) await new Promise((resolve) => control.close(resolve));
  });
  app.addHook("preClose", async () => {
    await realtime.close();
    if (metricsListener) {
      const closed = new Promise((resolve) => metricsListener.close(resolve));
      // A scraper keeps its connection open between scrapes.
      metricsListener.closeAllConnections();
      await closed;
    }
  });
  app.addHook("onClose", async () => {
    await background.flush();
    mailer.close();
    await redis?.close();
    if (ownsDatabase) await database.close();
  });

  if (options.seed !== false) {
    app.log.info(seedDemoDecision(config));
    try {
      app.seedResult = await database.exclusive(() =>
        seed({
          db: database.db,
          config,
          auth,
          log: app.log,
          images: app.images,
          documents: app.documents,
          print: options.print,
        }),
      );
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  return app;
}
