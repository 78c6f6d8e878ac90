import { SimpleGrid } from "@mantine/core";
import { BOOKING_MESSAGE_MAX_LENGTH, type Booking } from "@palco/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type ChatMessage, ChatPanel } from "@/kit/chat-panel.tsx";
import { useRealtimeEvent } from "@/lib/realtime.ts";
import { addThreadMessage, sendBookingMessage, useBookingThread } from "./api.ts";
import { isStaffMessage, threadMessages, venueDateTime } from "./booking-view.ts";

/**
 * What the server checks of a message, checked before sending (its messages are translation keys). The schema, and
 * zod with it, load on the first send: the booking's first paint does not need them.
 */
const messageProblem = async (text: string) => {
  const { bookingMessageInput } = await import("@palco/shared/resources/bookings");
  const parsed = bookingMessageInput.shape.message.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "CHAT.MESSAGE_MISSING");
};

type ThreadProps = {
  booking: Booking;
  /** The member the thread is with: the owner (`box.user.id`) or the guest (`buyer.id`). */
  userId: number;
  title: string;
  name: string;
  inputLabel: string;
};

function BookingThread({ booking, userId, title, name, inputLabel }: ThreadProps) {
  const client = useQueryClient();
  const thread = useBookingThread(booking.id, userId);
  const send = useMutation({
    mutationFn: (message: string) => sendBookingMessage(booking.id, { userId, message }),
    onSuccess: (message) => addThreadMessage(client, booking.id, userId, message),
  });

  // Messages written elsewhere (the member in the app, a colleague here) arrive as they are stored; the cache keeps
  // each once, so the answer to our own send and its push do not double it.
  useRealtimeEvent("bookingMessageStored", (event) => {
    if (event.bookingId === booking.id && event.userId === userId)
      addThreadMessage(client, booking.id, userId, event.message);
  });
  // Connected (again): what was written before was not pushed.
  useRealtimeEvent("connected", () => void thread.refetch());

  // Spec 02 §8: a thread that fails to load is logged (the panel offers a retry).
  useEffect(() => {
    if (thread.error) console.error(thread.error);
  }, [thread.error]);

  const messages = useMemo(
    () =>
      threadMessages(thread.data?.pages)?.map(
        (message): ChatMessage => ({
          id: message.id,
          text: message.message,
          at: message.createdAt,
          author: message.author.name,
          own: isStaffMessage(message),
        }),
      ),
    [thread.data],
  );

  return (
    <ChatPanel
      title={title}
      subtitle={name}
      inputLabel={inputLabel}
      messages={messages}
      formatTime={(at) => venueDateTime(at, booking.venue.timeZone)}
      loadFailed={thread.isError && !thread.data}
      onRetry={() => void thread.refetch()}
      hasOlder={thread.hasNextPage}
      loadingOlder={thread.isFetchingNextPage}
      onLoadOlder={() => void thread.fetchNextPage()}
      onSend={(text) => send.mutateAsync(text)}
      validate={messageProblem}
      maxLength={BOOKING_MESSAGE_MAX_LENGTH}
    />
  );
}

/** The Messages tab: the owner's thread and the guest's, side by side (one above the other on a phone). */
export function BookingMessages({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <BookingThread
        booking={booking}
        userId={booking.box.user.id}
        title={t("BOOKINGS.CHAT.OWNER")}
        name={booking.box.userName}
        inputLabel={t("BOOKINGS.CHAT.TO_OWNER")}
      />
      <BookingThread
        booking={booking}
        userId={booking.buyer.id}
        title={t("BOOKINGS.CHAT.GUEST")}
        name={`${booking.buyer.firstName} ${booking.buyer.lastName}`}
        inputLabel={t("BOOKINGS.CHAT.TO_GUEST")}
      />
    </SimpleGrid>
  );
}
