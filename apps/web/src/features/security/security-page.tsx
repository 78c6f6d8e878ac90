import { Alert, Badge, Box, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconShieldExclamation } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorAlert, NoticeAlert } from "@/kit/error-alert.tsx";
import { PageHeader } from "@/kit/page-header.tsx";
import { DoneAlert } from "@/kit/success-banner.tsx";
import { usePageTitle } from "@/lib/page-title.ts";
import { getSession, useSession } from "@/lib/session.ts";
import { failureNotice, MFA_KEY, refreshSignedInUser, securityApi } from "./api.ts";
import { OwnSessions } from "./own-sessions.tsx";
import { PasskeysSection } from "./passkeys-section.tsx";
import { RecoveryCodesPanel } from "./recovery-codes-panel.tsx";
import { RecoverySection } from "./recovery-section.tsx";
import { TotpSection } from "./totp-section.tsx";

type Failure = ReturnType<typeof failureNotice>;
type Notice = { key: string; values?: Record<string, string>; at: number };

function TwoStepSkeleton() {
  return (
    <Stack gap="md" aria-busy>
      <Skeleton height={20} width={220} />
      <Skeleton height={48} />
      <Skeleton height={20} width={180} />
      <Skeleton height={48} />
    </Stack>
  );
}

/**
 * /security, for every signed-in member: their second factors (authenticator app, passkeys, recovery codes) and their
 * sessions. A member whose role requires a factor and has none is sent here and can use nothing else until they
 * enrol one; once they do, their session's user is read again so the rest of the app opens.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  usePageTitle("SECURITY.TITLE");
  const titleId = useId();
  const client = useQueryClient();
  const session = useSession();
  const mfa = useQuery({ queryKey: MFA_KEY, queryFn: ({ signal }) => securityApi.mfa(signal) });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Whether this visit began with enrolment required, so the page can say when it is done and lead on.
  const forced = useRef(Boolean(session?.user.mfaEnrollmentRequired));

  // A confined session reads its user again on arrival: a role that stopped requiring a factor frees it at once.
  useEffect(() => {
    if (forced.current) void refreshSignedInUser();
  }, []);

  const announce = (key: string, values?: Record<string, string>) => setNotice({ key, values, at: Date.now() });

  const reload = async () => {
    await client.invalidateQueries({ queryKey: MFA_KEY });
    if (getSession()?.user.mfaEnrollmentRequired) await refreshSignedInUser();
  };

  const regenerate = useMutation({
    mutationFn: () => securityApi.regenerateRecoveryCodes(),
    onSuccess: async (answer) => {
      setCodes(answer.recoveryCodes);
      await client.invalidateQueries({ queryKey: MFA_KEY });
    },
    onError: (error) => setFailure(failureNotice(error, t("SECURITY.RECOVERY.GENERATE_ERROR"), t)),
  });

  const status = mfa.data;
  const enrolled = Boolean(status && (status.totp || status.passkeys.length > 0));
  const mustEnrol = Boolean(session?.user.mfaEnrollmentRequired || (status?.required && !enrolled));

  return (
    <Stack gap="lg">
      <PageHeader title={t("SECURITY.TITLE")} description={t("SECURITY.DESCRIPTION")} />
      {mustEnrol && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconShieldExclamation />}
          title={t("SECURITY.REQUIRED_TITLE")}
          data-testid="mfa-required"
        >
          {t("SECURITY.REQUIRED_TEXT")}
        </Alert>
      )}
      {forced.current && enrolled && !mustEnrol && (
        <Alert color="green" variant="light" icon={<IconCircleCheck />} title={t("SECURITY.ENROLLED_TITLE")}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t("SECURITY.ENROLLED_TEXT")}</Text>
            <Button component={Link} to="/" size="xs" variant="light" color="green">
              {t("SECURITY.CONTINUE")}
            </Button>
          </Stack>
        </Alert>
      )}
      {notice && <DoneAlert key={notice.at} text={t(notice.key, notice.values)} onClose={() => setNotice(null)} />}
      {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}

      <Card withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
        <Group gap="sm" wrap="wrap">
          <Title id={titleId} order={2} fz="md" fw={600}>
            {t("SECURITY.TWO_STEP.TITLE")}
          </Title>
          {status && (
            <Badge variant="light" color={enrolled ? "teal" : "gray"} radius="sm" tt="none" fw={600}>
              {t(enrolled ? "SECURITY.TWO_STEP.ON" : "SECURITY.TWO_STEP.OFF")}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" mt={4} mb="lg" maw={720}>
          {t("SECURITY.TWO_STEP.DESCRIPTION")}
        </Text>
        {mfa.isPending ? (
          <TwoStepSkeleton />
        ) : mfa.isError || !status ? (
          <Stack gap="sm" align="flex-start">
            <ErrorAlert message={t("SECURITY.LOAD_ERROR")} />
            <Button variant="default" size="xs" onClick={() => void mfa.refetch()}>
              {t("SECURITY.RETRY")}
            </Button>
          </Stack>
        ) : (
          <Stack gap="lg">
            <PasskeysSection
              status={status}
              onNotice={announce}
              onChanged={reload}
              onFirstFactor={() =>
                regenerate.mutateAsync().then(
                  () => undefined,
                  // Shown by the mutation's own error handler.
                  () => undefined,
                )
              }
            />
            <Divider />
            <TotpSection
              status={status}
              onNotice={announce}
              onChanged={reload}
              onEnrolled={(recoveryCodes) => {
                announce("SECURITY.TOTP.ENABLED");
                setCodes(recoveryCodes);
              }}
            />
            <Divider />
            <Box>
              <RecoverySection status={status} busy={regenerate.isPending} onGenerate={() => regenerate.mutate()} />
            </Box>
          </Stack>
        )}
      </Card>

      {/* Until the first factor, such a session may only enrol: the list would only be refused. */}
      {!session?.user.mfaEnrollmentRequired && <OwnSessions onNotice={announce} />}
    </Stack>
  );
}
