import { Group, Skeleton, Stack, Text } from "@mantine/core";
import type { MfaStatus, User } from "@palco/shared";
import { IconLogout, IconShieldOff } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AUDIT_LOG_KEY } from "@/kit/audit-keys.ts";
import { ConfirmedButton } from "@/kit/confirmed-button.tsx";
import { ErrorAlert, NoticeAlert } from "@/kit/error-alert.tsx";
import type { Notice } from "@/kit/step-up-declined.ts";
import { DoneAlert } from "@/kit/success-banner.tsx";
import { getSession } from "@/lib/session.ts";
import { failureNotice, securityApi, userMfaKey, userSessionsKey } from "../security/api.ts";
import { SessionsList } from "../security/sessions-list.tsx";

type Failure = Notice;

const nameOf = (user: User) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/** A member's open sessions (USERS_EDIT), and "sign out all sessions" (a sensitive action: it may ask a step-up). */
export function UserSessions({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = userSessionsKey(user.id);
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => securityApi.userSessions(user.id, signal) });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const endAll = useMutation({
    mutationFn: () => securityApi.endUserSessions(user.id),
    onSuccess: async () => {
      setDone(true);
      await Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] }),
      ]);
    },
    onError: (error) => setFailure(failureNotice(error, t("USER_SECURITY.SIGN_OUT_ALL_ERROR"), t)),
  });
  const count = sessions.data?.length ?? 0;

  return (
    <Stack gap="sm" data-testid="user-sessions">
      {done && <DoneAlert text={t("USER_SECURITY.SIGNED_OUT_ALL")} onClose={() => setDone(false)} />}
      {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
      <SessionsList
        sessions={sessions.data}
        loading={sessions.isPending}
        loadFailed={sessions.isError}
        onRetry={() => void sessions.refetch()}
      />
      {count > 0 && (
        <Group>
          <ConfirmedButton
            label={t("USER_SECURITY.SIGN_OUT_ALL")}
            title={t("USER_SECURITY.SIGN_OUT_ALL_TITLE", { name: nameOf(user) })}
            icon={<IconLogout size={16} aria-hidden />}
            loading={endAll.isPending}
            onOpen={() => {
              setDone(false);
              setFailure(null);
            }}
            onConfirm={() => endAll.mutate()}
          >
            {t("USER_SECURITY.SIGN_OUT_ALL_TEXT")}
          </ConfirmedButton>
        </Group>
      )}
    </Stack>
  );
}

/** What the member has set up, so staff see whether there is anything to reset. */
function FactorsSummary({ status, failed }: { status: MfaStatus | undefined; failed: boolean }) {
  const { t } = useTranslation();
  if (failed) return <ErrorAlert message={t("USER_SECURITY.FACTORS_LOAD_ERROR")} />;
  if (!status) return <Skeleton height={20} width={320} />;
  const parts = [
    ...(status.totp ? [t("USER_SECURITY.FACTORS_APP")] : []),
    ...(status.passkeys.length > 0 ? [t("USER_SECURITY.FACTORS_PASSKEYS", { count: status.passkeys.length })] : []),
  ];
  if (parts.length === 0) {
    return (
      <Text size="sm" data-testid="user-factors">
        {t(status.required ? "USER_SECURITY.FACTORS_NONE_REQUIRED" : "USER_SECURITY.FACTORS_NONE")}
      </Text>
    );
  }
  parts.push(t("USER_SECURITY.FACTORS_CODES", { count: status.recoveryCodesLeft }));
  return (
    <Text size="sm" data-testid="user-factors">
      {parts.join(" · ")}
    </Text>
  );
}

/** "Reset two-step sign-in" (USERS_EDIT): removes the member's factors and recovery codes; they are e-mailed. */
export function ResetTwoStep({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const factors = useQuery({
    queryKey: userMfaKey(user.id),
    queryFn: ({ signal }) => securityApi.userMfa(user.id, signal),
  });
  const hasFactor = !!factors.data && (factors.data.totp || factors.data.passkeys.length > 0);
  const isSelf = getSession()?.user.id === user.id;
  const reset = useMutation({
    mutationFn: () => securityApi.resetUserMfa(user.id),
    onSuccess: async () => {
      setDone(true);
      await Promise.all([
        client.invalidateQueries({ queryKey: userMfaKey(user.id) }),
        client.invalidateQueries({ queryKey: userSessionsKey(user.id) }),
        client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] }),
      ]);
    },
    onError: (error) => setFailure(failureNotice(error, t("USER_SECURITY.RESET_ERROR"), t)),
  });

  return (
    <Stack gap="sm" align="flex-start">
      {done && <DoneAlert text={t("USER_SECURITY.RESET_DONE")} onClose={() => setDone(false)} />}
      {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
      <FactorsSummary status={factors.data} failed={factors.isError} />
      {hasFactor && (
        <>
          <Text size="sm" c="dimmed" maw={720}>
            {t("USER_SECURITY.RESET_DESCRIPTION")}
          </Text>
          <ConfirmedButton
            label={t("USER_SECURITY.RESET")}
            title={t("USER_SECURITY.RESET_TITLE", { name: nameOf(user) })}
            icon={<IconShieldOff size={16} aria-hidden />}
            loading={reset.isPending}
            onOpen={() => {
              setDone(false);
              setFailure(null);
            }}
            onConfirm={() => reset.mutate()}
          >
            {t("USER_SECURITY.RESET_TEXT")}
            {isSelf && (
              <Text size="sm" fw={600} mt="xs">
                {t("USER_SECURITY.RESET_SELF_TEXT")}
              </Text>
            )}
          </ConfirmedButton>
        </>
      )}
    </Stack>
  );
}
