import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { REPORTS_KEY } from "@/features/dashboard/keys.ts";
import { NOTIFICATIONS_COUNT_KEY, NOTIFICATIONS_KEY } from "@/features/notifications/keys.ts";
import { countAfterStored } from "@/features/notifications/read-state.ts";
import { REVIEW_QUEUE_KEY } from "@/kit/review-keys.ts";
import { playNotificationSound } from "@/lib/notification-sound.ts";
import { setTitleCount } from "@/lib/page-title.ts";
import { useRealtimeConnection, useRealtimeEvent } from "@/lib/realtime.ts";
import { useCan } from "@/lib/use-can.ts";
import { useUnreadCount } from "./unread-count.ts";

/**
 * The signed-in layout's live side (spec 02 §4, Notification): the socket stays open while the user can receive
 * something on it (notifications, a booking's messages, the review inboxes' counts). A stored notification counts at
 * once in the badge and the tab's title, refreshes whatever notification screen or dashboard is open, and chimes
 * (unless muted); one read in another tab refreshes them too, and so does every connection of the socket (what was
 * pushed before it was missed). A review decision or a record sent for review, on any API instance, makes the
 * sidebar's inbox badges read their counts again.
 */
export function useLiveNotifications() {
  const client = useQueryClient();
  const notified = useCan("NOTIFICATIONS_INDEX");
  const readsBookings = useCan("BOOKINGS_SHOW");
  const listsOwners = useCan("OWNERS_INDEX");
  const listsBoxes = useCan("BOXES_INDEX");
  const count = useUnreadCount();
  useRealtimeConnection(notified || readsBookings || listsOwners || listsBoxes);

  useEffect(() => setTitleCount(count), [count]);
  // Signed out (the layout goes): the sign-in page's title carries no count.
  useEffect(() => () => setTitleCount(0), []);

  const refresh = () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useRealtimeEvent("notificationStored", (event) => {
    if (!notified) return;
    client.setQueryData<{ count: number }>(NOTIFICATIONS_COUNT_KEY, countAfterStored);
    refresh();
    // What is notified (a booking, a new owner or box) is what the dashboard counts: an open dashboard follows.
    void client.invalidateQueries({ queryKey: [REPORTS_KEY] });
    void playNotificationSound(event.id);
  });
  useRealtimeEvent("notificationRead", refresh);
  const refreshReviewQueue = () => void client.invalidateQueries({ queryKey: [REVIEW_QUEUE_KEY] });
  useRealtimeEvent("reviewQueueChanged", refreshReviewQueue);
  useRealtimeEvent("connected", () => {
    refresh();
    refreshReviewQueue();
  });
}
