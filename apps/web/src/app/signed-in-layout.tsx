import { QueryClientProvider } from "@tanstack/react-query";
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
    </QueryClientProvider>
  );
}
