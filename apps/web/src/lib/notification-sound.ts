// A 0.3 s two-note chime, 8-bit mono PCM at 12 kHz (3.6 KB), generated rather than recorded. Served as its own
// file (`no-inline`): the Content-Security-Policy allows media from the app's origin only, not data: URLs.
import chimeUrl from "@/assets/notification.wav?no-inline";

/** Whether a new notification plays a sound: "false" in localStorage mutes it; the user menu switches it. */
export const SOUND_STORAGE_KEY = "palco.notification-sound";
/** How long a tab keeps the claim on one notification's sound, so the user's other tabs stay quiet. */
const CLAIM_MS = 3_000;

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) !== "false";
  } catch {
    return true;
  }
}

async function play() {
  try {
    await new Audio(chimeUrl).play();
  } catch {
    // Autoplay refused (no interaction with the page yet), or no audio output: the badge still says it.
  }
}

/**
 * Plays the chime for a new notification, once however many tabs the user has open: the first tab to claim the
 * notification's lock plays it (where the Web Locks API exists; otherwise every tab does).
 */
export async function playNotificationSound(id: number): Promise<void> {
  if (!soundEnabled()) return;
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return play();
  await locks.request(`palco.notification-sound.${id}`, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    await play();
    await new Promise((resolve) => setTimeout(resolve, CLAIM_MS));
  });
}
