import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Skeleton, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import {
  FEE_CODES,
  type FeeChange,
  type FeeCode,
  type FeeSetting,
  type FeeSettingsValues,
  feeSettingsInput,
} from "@palco/shared";
import { IconPercentage } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AUDIT_LOG_KEY } from "@/kit/audit-keys.ts";
import { ErrorAlert, NoticeAlert } from "@/kit/error-alert.tsx";
import { useErrorText } from "@/kit/error-text.ts";
import { formatDateTime } from "@/kit/format.ts";
import { HistoryCard } from "@/kit/history-section.tsx";
import { PageHeader } from "@/kit/page-header.tsx";
import { placeServerMessages } from "@/kit/place-server-messages.ts";
import { versioned } from "@/kit/resource-api.ts";
import { type StaleConflict, StaleVersionPanel, staleConflictOf } from "@/kit/stale-version.tsx";
import { type Notice, stepUpDeclinedNotice } from "@/kit/step-up-declined.ts";
import { DoneAlert } from "@/kit/success-banner.tsx";
import { ifMatch, versionOf } from "@/kit/versions.ts";
import { ApiError, api } from "@/lib/api.ts";
import { usePageTitle } from "@/lib/page-title.ts";

const FEES_KEY = ["settings", "fees"];
// Under the audit trail's key: any change anywhere refreshes it with the trail.
const HISTORY_KEY = [AUDIT_LOG_KEY, "settings", "fees"];

type FeeForm = Record<FeeCode, string>;

/** The stale-version panel names the fields as the form does. */
const FEE_LABELS = Object.fromEntries(FEE_CODES.map((code) => [code, `FEE_SETTINGS.FIELDS.${code}`]));

/** The fees as GET or PUT answer them, remembered with their version (ETag) for the next save's If-Match. */
const feesCall = (options: Parameters<typeof api>[1]) => versioned<FeeSetting[]>("/api/settings/fees", options);

/** A rate as the form shows it: 7.5 → "7.5". */
const asText = (fees: FeeSetting[]): FeeForm =>
  Object.fromEntries(
    FEE_CODES.map((code) => [code, String(fees.find((fee) => fee.code === code)?.value ?? "")]),
  ) as FeeForm;

function usePercent() {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language === "es" ? "es-MX" : "en-US", { maximumFractionDigits: 2 });
  return (value: number | null) => (value === null ? "—" : `${number.format(value)} %`);
}

function FeesForm({ fees, reload }: { fees: FeeSetting[]; reload: () => Promise<FeeSetting[] | undefined> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<Notice | null>(null);
  // The version the form was filled from: a save is conditional on it (If-Match), as every record's form.
  const baseVersion = useRef(versionOf(fees));
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const [reloading, setReloading] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<FeeForm, unknown, FeeSettingsValues>({
    resolver: zodResolver(feeSettingsInput) as never,
    defaultValues: asText(fees),
    // Spec 02 §2: forms validate on submit only.
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const save = useMutation({
    mutationFn: (values: FeeSettingsValues) =>
      feesCall({ method: "PUT", body: values, headers: ifMatch(baseVersion.current) }),
    onSuccess: (answer) => {
      baseVersion.current = versionOf(answer);
      client.setQueryData(FEES_KEY, answer);
      reset(asText(answer));
      setSaved(true);
      return client.invalidateQueries({ queryKey: [AUDIT_LOG_KEY] });
    },
    onError: (error) => {
      const stale = staleConflictOf(error);
      if (stale) {
        setConflict(stale);
        return;
      }
      if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
        const { onFields, unplaced } = placeServerMessages(error.messages, new Set(FEE_CODES));
        let focus = true;
        for (const [name, text] of onFields) {
          setError(name as FeeCode, { type: "server", message: text }, { shouldFocus: focus });
          focus = false;
        }
        if (unplaced.length === 0) return;
        setFailure({ text: unplaced.join("\n"), at: Date.now() });
        return;
      }
      setFailure(stepUpDeclinedNotice(error, t) ?? { text: t("ERROR_PAGES.UPDATING_DATA"), at: Date.now() });
    },
  });

  /**
   * After a stale save: read the fees as they are now and make them the base of the next save, either in the form
   * (`take`: theirs) or under what the user typed (mine, saved on top of theirs).
   */
  const rebase = async (take: boolean) => {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      baseVersion.current = versionOf(fresh);
      if (take) reset(asText(fresh));
      setConflict(null);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (values) => {
          setSaved(false);
          setFailure(null);
          setConflict(null);
          save.mutate(values);
        },
        () => setSaved(false),
      )}
    >
      <Stack gap="md">
        {saved && <DoneAlert text={t("FEE_SETTINGS.SAVED")} onClose={() => setSaved(false)} />}
        {conflict && (
          <StaleVersionPanel
            conflict={conflict}
            labels={FEE_LABELS}
            busy={reloading}
            onReload={() => void rebase(true)}
            onKeepMine={() => void rebase(false)}
          />
        )}
        {failure && <NoticeAlert notice={failure} onClose={() => setFailure(null)} />}
        {FEE_CODES.map((code) => (
          <TextInput
            key={code}
            {...register(code)}
            label={t(`FEE_SETTINGS.FIELDS.${code}`)}
            description={t(`FEE_SETTINGS.HINTS.${code}`)}
            inputWrapperOrder={["label", "input", "description", "error"]}
            inputMode="decimal"
            autoComplete="off"
            withAsterisk
            rightSection={<IconPercentage size={16} aria-hidden />}
            error={errorText(formState.errors[code])}
            maw={320}
          />
        ))}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("FEE_SETTINGS.SAVE")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FeeHistory() {
  const { t } = useTranslation();
  const percent = usePercent();
  const history = useQuery({
    queryKey: HISTORY_KEY,
    queryFn: ({ signal }) => api<FeeChange[]>("/api/settings/fees/history", { signal }),
  });
  return (
    <HistoryCard
      title={t("FEE_SETTINGS.HISTORY")}
      state={history.isPending ? "loading" : history.isError ? "error" : "ready"}
      errorText={t("FEE_SETTINGS.HISTORY_ERROR")}
      emptyText={t("FEE_SETTINGS.HISTORY_EMPTY")}
      entries={(history.data ?? []).map((change) => ({
        key: change.id,
        content: (
          <>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm" fw={600}>
                {t("FEE_SETTINGS.CHANGED_BY", { name: change.by.name ?? t("FEE_SETTINGS.SOMEONE") })}
              </Text>
              <Text size="sm" c="dimmed" component="time" dateTime={change.at}>
                {formatDateTime(change.at)}
              </Text>
            </Group>
            <Table layout="fixed" fz="sm" verticalSpacing={4} maw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("FEE_SETTINGS.COLUMNS.FEE")}</Table.Th>
                  <Table.Th>{t("FEE_SETTINGS.COLUMNS.FROM")}</Table.Th>
                  <Table.Th>{t("FEE_SETTINGS.COLUMNS.TO")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {change.changes.map((fee) => (
                  <Table.Tr key={fee.code}>
                    <Table.Td>{t(`FEE_SETTINGS.FIELDS.${fee.code}`)}</Table.Td>
                    <Table.Td>{percent(fee.from)}</Table.Td>
                    <Table.Td>{percent(fee.to)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ),
      }))}
    />
  );
}

/**
 * /settings (spec 02 §2, SERVICES_INDEX): the guest fee, the host fee and IVA as percentages, validated on submit
 * with the API's own schema, and under the form who changed them, when, from what to what.
 */
export default function FeeSettingsPage() {
  const { t } = useTranslation();
  usePageTitle("FEE_SETTINGS.TITLE");
  const titleId = useId();
  const fees = useQuery({
    queryKey: FEES_KEY,
    queryFn: ({ signal }) => feesCall({ signal }),
    // The object on screen must be the one whose version was remembered (see kit/versions.ts).
    structuralSharing: false,
  });
  return (
    <Stack gap="lg">
      <PageHeader title={t("FEE_SETTINGS.TITLE")} />
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
        <Title id={titleId} order={2} fz="md" fw={600}>
          {t("FEE_SETTINGS.FORM_TITLE")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="md" maw={640}>
          {t("FEE_SETTINGS.DESCRIPTION")}
        </Text>
        {fees.isPending ? (
          <Stack gap="md" aria-busy>
            {FEE_CODES.map((code) => (
              <Skeleton key={code} height={58} maw={320} />
            ))}
          </Stack>
        ) : fees.isError ? (
          <Stack gap="sm" align="flex-start">
            <ErrorAlert message={t("FEE_SETTINGS.LOAD_ERROR")} />
            <Button variant="default" size="xs" onClick={() => void fees.refetch()}>
              {t("REPORTS_PAGE.RETRY")}
            </Button>
          </Stack>
        ) : (
          <FeesForm fees={fees.data} reload={async () => (await fees.refetch()).data} />
        )}
      </Card>
      <FeeHistory />
    </Stack>
  );
}
