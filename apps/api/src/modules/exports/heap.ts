import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Keeps the server's memory flat while exports run. A job's rows (a batch read from the database, its cells, the
 * XML exceljs builds, the 64 kB buffers on their way to the zip) often outlive a young-generation collection and are
 * promoted, and V8 lets the old generation, and the buffers' memory outside it, grow to about twice their size before
 * it collects them: over 100 MB of garbage during a long Excel export. So when the heap and the buffers have grown
 * by GROWTH_LIMIT since their lowest, a job asks V8 for a full collection, incremental and concurrent (`execution:
 * "async"`, no pause of the event loop). `gc` is V8's own, exposed at run time when node was not started with
 * --expose-gc.
 */
const GROWTH_LIMIT = 48 * 1024 * 1024;

type Collect = (options: { type: "major"; execution: "async" }) => void;

let collect: Collect | undefined | null = null;
let lowest = Number.POSITIVE_INFINITY;

function collector(): Collect | undefined {
  if (collect === null) {
    const exposed = (globalThis as { gc?: Collect }).gc;
    try {
      if (!exposed) setFlagsFromString("--expose-gc");
      collect = exposed ?? (runInNewContext("gc") as Collect);
    } catch {
      collect = undefined;
    }
  }
  return collect;
}

/** Called between batches: collects when the heap and the buffers grew past the limit since their lowest. */
export function keepHeapFlat(): void {
  const { used_heap_size, external_memory } = getHeapStatistics();
  const now = used_heap_size + external_memory;
  if (now < lowest) lowest = now;
  if (now - lowest < GROWTH_LIMIT) return;
  collector()?.({ type: "major", execution: "async" });
  // Measured again from the lowest after this collection, which brings the figure down over the next batches.
  lowest = Number.POSITIVE_INFINITY;
}
