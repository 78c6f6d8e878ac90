import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import type { Notification } from "@palco/shared";
import { notificationTarget } from "@palco/shared/resources/notifications-values";
import { IconChecks } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/kit/format.ts";
import { useListFeedback } from "@/kit/list-page.tsx";
import { defineResource } from "@/kit/resource.ts";
import { notificationsApi, readOnOpen, useMarkRead } from "./api.ts";
import { notificationsMeta } from "./meta.ts";

const F = "NOTIFICATIONS.FIELDS";

/**
 * The title, in bold with an "Unread" badge while unread: the row's highlight says it to the eye, the badge in
 * words (it is part of the link's name, so a screen reader hears it with the title).
 */
function NotificationTitle({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const unread = notification.readAt === null;
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <Text span inherit fw={unread ? 700 : undefined}>
        {notification.title}
      </Text>
      {/* A space, so the link's name reads "New booking Unread", not "New bookingUnread". */}
      {unread && " "}
      {unread && (
        <Badge component="span" size="sm" variant="filled" tt="none" fw={600} style={{ flexShrink: 0 }}>
          {t("NOTIFICATIONS.UNREAD")}
        </Badge>
      )}
    </Group>
  );
}

/** Reads one notification from its row; a failure shows the list's error (spec 02 §8). */
function MarkReadButton({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const report = useListFeedback();
  const markRead = useMarkRead();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconChecks size={14} aria-hidden />}
      loading={markRead.isPending}
      // Named with its row, so a list of them can be told apart ("Mark read: New booking #12").
      aria-label={t("NOTIFICATIONS.MARK_READ_OF", { title: notification.title, id: notification.id })}
      onClick={() => markRead.mutate(notification, { onError: () => report(t("ERROR_PAGES.LOADING_DATA")) })}
    >
      {t("NOTIFICATIONS.MARK_READ")}
    </Button>
  );
}

/** When it was read, or the action that reads it. */
const readAtOrAction = (notification: Notification) =>
  notification.readAt ? formatDateTime(notification.readAt) : <MarkReadButton notification={notification} />;

/** The body, linking to what it is about (the owner, the box, the booking or the booking's messages). */
function NotificationBody({ notification }: { notification: Notification }) {
  return (
    <Anchor component={Link} to={notificationTarget(notification.notificationType, notification.notificationTypeId)}>
      {notification.body}
    </Anchor>
  );
}

export default defineResource({
  meta: notificationsMeta,
  api: notificationsApi,
  recordLabel: (notification: Notification) => notification.title,
  list: {
    // One's own notifications are read, never blocked or deleted.
    bulk: ["read"],
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      {
        key: "title",
        label: `${F}.TITLE`,
        link: true,
        value: (notification) => <NotificationTitle notification={notification} />,
      },
      { key: "user", label: `${F}.USER`, value: (notification) => notification.userFullName ?? "—" },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime", nowrap: true },
      { key: "readAt", label: `${F}.READ_AT`, nowrap: true, value: readAtOrAction },
    ],
    filters: [
      { name: "date", label: "NOTIFICATIONS.DATE", kind: "date" },
      { name: "unread", label: "NOTIFICATIONS.UNREAD_ONLY", kind: "switch" },
    ],
    highlight: (notification) => notification.readAt === null,
    phone: { primary: "title", secondary: ["user", "createdAt", "readAt"] },
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "title", label: `${F}.TITLE` },
      { key: "body", label: `${F}.BODY`, value: (notification) => <NotificationBody notification={notification} /> },
      {
        key: "readAt",
        label: `${F}.READ_AT`,
        value: (notification, t) =>
          notification.readAt ? formatDateTime(notification.readAt) : t("NOTIFICATIONS.NOT_READ"),
      },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
    ],
    // Notifications are not audited: they have no history of their own.
    history: false,
    onOpen: readOnOpen,
  },
});
