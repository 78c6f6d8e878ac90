import { QueryClientProvider } from "@tanstack/react-query";
import { StepUpHost } from "@/kit/step-up-host.tsx";
import { queryClient } from "@/lib/query-client.ts";
import AppLayout from "./layout/app-layout.tsx";

/**
 * The signed-in area: its layout inside the query cache's provider. Loaded with the first signed-in page, so the
 * public pages (sign-in first of all) download neither TanStack Query nor the shell.
 */
export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
      {/* Asks for a recent second factor when a sensitive action needs one, for every page (see `api`). */}
      <StepUpHost />
    </QueryClientProvider>
  );
}
