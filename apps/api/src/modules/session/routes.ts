import { errorBody, sessionUser } from "@palco/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

export async function sessionRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/auth/me",
    {
      // A session that must enrol still needs to know who it is (the SPA leads it to enrolment from here).
      config: { permission: null, enrolment: true },
      schema: {
        tags: ["Auth"],
        summary: "The signed-in user with roles and permission codes, fresh from the database",
        response: { 200: sessionUser, "4xx": errorBody },
      },
    },
    // The guard has just loaded it for this request.
    async (request) => request.sessionUser!,
  );
}
