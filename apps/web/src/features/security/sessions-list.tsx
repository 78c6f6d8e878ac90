import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { AuthSession } from "@palco/shared";
import { IconLogout } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ErrorAlert } from "@/kit/error-alert.tsx";
import { formatDateTime } from "@/kit/format.ts";
import { usePhone } from "@/kit/use-phone.ts";
import { parseUserAgent } from "./user-agent.ts";

/** "Chrome on Linux", or what is known of it. */
export function deviceName(session: Pick<AuthSession, "userAgent">, t: TFunction): string {
  const { browser, system } = parseUserAgent(session.userAgent);
  if (browser && system) return t("SESSIONS.ON", { browser, system });
  return browser ?? system ?? t("SESSIONS.UNKNOWN_DEVICE");
}

/** The current session first, then the most recently active. */
export function sortSessions(sessions: AuthSession[]): AuthSession[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

function TwoStepBadge({ passed }: { passed: boolean }) {
  const { t } = useTranslation();
  return (
    // Its own width: a squeezed table column would cut the words short.
    <Badge variant="light" color={passed ? "teal" : "gray"} radius="sm" tt="none" fw={600} w="max-content">
      {t(passed ? "SESSIONS.PASSED" : "SESSIONS.NOT_PASSED")}
    </Badge>
  );
}

function CurrentBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color="blue" radius="sm" tt="none" fw={600}>
      {t("SESSIONS.THIS_DEVICE")}
    </Badge>
  );
}

type Props = {
  sessions: AuthSession[] | undefined;
  loading: boolean;
  /** The list could not be read: an error with Retry stands in its place. */
  loadFailed: boolean;
  onRetry: () => void;
  /** A "Sign out" button per session (the member's own list); absent on a user's detail, which ends them all at once. */
  onSignOut?: (session: AuthSession) => void;
  /** The session being signed out (its button spins). */
  busyId?: string | null;
};

/** Sessions as a table on wide screens and as cards on a phone: device, IP, when signed in and last active, two-step. */
export function SessionsList({ sessions, loading, loadFailed, onRetry, onSignOut, busyId }: Props) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (loading) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (loadFailed) {
    return (
      <Stack gap="sm" align="flex-start">
        <ErrorAlert message={t("SESSIONS.LOAD_ERROR")} />
        <Button variant="default" size="xs" onClick={onRetry}>
          {t("SECURITY.RETRY")}
        </Button>
      </Stack>
    );
  }
  const rows = sortSessions(sessions ?? []);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("SESSIONS.EMPTY")}
      </Text>
    );
  }

  const signOutButton = (session: AuthSession) =>
    onSignOut && (
      <Button
        variant="light"
        color="red"
        size="xs"
        leftSection={<IconLogout size={14} aria-hidden />}
        loading={busyId === session.id}
        onClick={() => onSignOut(session)}
        aria-label={t("SESSIONS.SIGN_OUT_OF", { device: deviceName(session, t) })}
      >
        {t("SESSIONS.SIGN_OUT")}
      </Button>
    );

  if (phone) {
    return (
      <Stack gap="sm" data-testid="sessions">
        {rows.map((session) => (
          <Card key={session.id} withBorder radius="md" p="sm" data-testid="session">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {deviceName(session, t)}
              </Text>
              {session.current && <CurrentBadge />}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {t("SESSIONS.IP")}: {session.ip ?? t("SESSIONS.UNKNOWN")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("SESSIONS.SIGNED_IN")}: {formatDateTime(session.createdAt)}
            </Text>
            <Text size="sm" c="dimmed">
              {t("SESSIONS.LAST_ACTIVE")}: {formatDateTime(session.lastSeenAt)}
            </Text>
            <Group justify="space-between" mt="xs" gap="xs">
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {t("SESSIONS.TWO_STEP")}:
                </Text>
                <TwoStepBadge passed={session.mfa} />
              </Group>
              {signOutButton(session)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" data-testid="sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("SESSIONS.DEVICE")}</Table.Th>
            <Table.Th>{t("SESSIONS.IP")}</Table.Th>
            <Table.Th>{t("SESSIONS.SIGNED_IN")}</Table.Th>
            <Table.Th>{t("SESSIONS.LAST_ACTIVE")}</Table.Th>
            <Table.Th>{t("SESSIONS.TWO_STEP")}</Table.Th>
            {onSignOut && <Table.Th>{t("SESSIONS.ACTIONS")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((session) => (
            <Table.Tr key={session.id} data-testid="session">
              <Table.Td>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm">{deviceName(session, t)}</Text>
                  {session.current && <CurrentBadge />}
                </Group>
              </Table.Td>
              <Table.Td>{session.ip ?? t("SESSIONS.UNKNOWN")}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(session.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(session.lastSeenAt)}</Table.Td>
              <Table.Td>
                <TwoStepBadge passed={session.mfa} />
              </Table.Td>
              {onSignOut && <Table.Td>{signOutButton(session)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
