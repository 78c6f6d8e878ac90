import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { getSession, subscribeSession } from "./session.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors are final; retry a server or network failure once.
      retry: (failureCount, error) =>
        failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may be shown to the next (or after sign-out).
let lastUserId: number | null = getSession()?.user.id ?? null;
subscribeSession(() => {
  const userId = getSession()?.user.id ?? null;
  if (userId !== lastUserId) queryClient.clear();
  lastUserId = userId;
});
