import { Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { AuthSession } from "@palco/shared";
import { IconLogout } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmModal } from "@/kit/confirm-modal.tsx";
import { ConfirmedButton } from "@/kit/confirmed-button.tsx";
import { NoticeAlert } from "@/kit/error-alert.tsx";
import { logout } from "@/lib/session.ts";
import { failureText, OWN_SESSIONS_KEY, securityApi } from "./api.ts";
import { deviceName, SessionsList } from "./sessions-list.tsx";

type Failure = { text: string; at: number };

/**
 * The member's own sessions: sign one out, or every other one at once. Signing out the current session is a logout
 * (the server ends it and this tab forgets it).
 */
export function OwnSessions({ onNotice }: { onNotice: (key: string) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: OWN_SESSIONS_KEY, queryFn: ({ signal }) => securityApi.sessions(signal) });
  const [target, setTarget] = useState<AuthSession | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const fail = (error: unknown) =>
    setFailure({
      text: failureText(error, t("SESSIONS.SIGN_OUT_ERROR")),
      at: Date.now(),
    });
  const endOne = useMutation({
    mutationFn: (session: AuthSession) => securityApi.endSession(session.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: OWN_SESSIONS_KEY });
      onNotice("SECURITY.SESSIONS.SIGNED_OUT_ONE");
    },
    onError: fail,
  });
  const endOthers = useMutation({
    mutationFn: () => securityApi.endOtherSessions(),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: OWN_SESSIONS_KEY });
      onNotice("SECURITY.SESSIONS.SIGNED_OUT_OTHERS");
    },
    onError: fail,
  });
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Box maw={640}>
          <Title id={titleId} order={2} fz="md" fw={600}>
            {t("SECURITY.SESSIONS.TITLE")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("SECURITY.SESSIONS.DESCRIPTION")}
          </Text>
        </Box>
        {hasOthers && (
          <ConfirmedButton
            label={t("SECURITY.SESSIONS.SIGN_OUT_OTHERS")}
            title={t("SECURITY.SESSIONS.SIGN_OUT_OTHERS_TITLE")}
            icon={<IconLogout size={16} aria-hidden />}
            loading={endOthers.isPending}
            onOpen={() => setFailure(null)}
            onConfirm={() => endOthers.mutate()}
          >
            {t("SECURITY.SESSIONS.SIGN_OUT_OTHERS_TEXT")}
          </ConfirmedButton>
        )}
      </Group>
      <Stack gap="sm">
        {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
        <SessionsList
          sessions={sessions.data}
          loading={sessions.isPending}
          loadFailed={sessions.isError}
          onRetry={() => void sessions.refetch()}
          busyId={endOne.isPending ? endOne.variables?.id : null}
          onSignOut={(session) => {
            setFailure(null);
            setTarget(session);
          }}
        />
      </Stack>
      <ConfirmModal
        opened={target !== null}
        title={t(target?.current ? "SECURITY.SESSIONS.SIGN_OUT_CURRENT_TITLE" : "SESSIONS.SIGN_OUT_TITLE")}
        confirmLabel={t("SESSIONS.SIGN_OUT")}
        onConfirm={() => {
          if (!target) return;
          setTarget(null);
          if (target.current) void logout();
          else endOne.mutate(target);
        }}
        onClose={() => setTarget(null)}
      >
        {target?.current
          ? t("SECURITY.SESSIONS.SIGN_OUT_CURRENT_TEXT")
          : t("SESSIONS.SIGN_OUT_TEXT", { device: target ? deviceName(target, t) : "" })}
      </ConfirmModal>
    </Card>
  );
}
