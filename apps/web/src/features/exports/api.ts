import type { ExportFormat, ExportJob, ExportResource } from "@palco/shared/resources/exports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api.ts";

export const EXPORTS_KEY = ["exports"] as const;
const jobKey = (id: number) => [...EXPORTS_KEY, "job", id] as const;
/** How often an unfinished export is asked for its progress. */
const PROGRESS_POLL_MS = 1_000;

const unfinished = (job: ExportJob | undefined) => !job || job.status === "queued" || job.status === "running";

/** Starts an export of a list with its current query (page and cursors are dropped by the API). */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { resource: ExportResource; format: ExportFormat; query: Record<string, string> }) =>
      api<{ id: number; status: ExportJob["status"] }>("/api/exports", { method: "POST", body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

/** One export, polled every second until it is ready or failed. */
export function useExportJob(id: number) {
  return useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => api<ExportJob>(`/api/exports/${id}`, { signal }),
    refetchInterval: (query) => (unfinished(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** The member's exports, newest first, polled while one of them is still being written. */
export function useExports() {
  return useQuery({
    queryKey: [...EXPORTS_KEY, "list"],
    queryFn: ({ signal }) => api<{ items: ExportJob[] }>("/api/exports", { signal }),
    refetchInterval: (query) => (query.state.data?.items.some((job) => unfinished(job)) ? PROGRESS_POLL_MS : false),
  });
}
