import { Alert, Button, Card, Group, List, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconPrinter } from "@tabler/icons-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/kit/format.ts";
import { saveBlob } from "@/lib/api.ts";
import { useSession } from "@/lib/session.ts";
import { recoveryCodesText } from "./codes.ts";

/** A small window holding only the codes, printed and closed: the page around them never reaches the printer. */
function printCodes(title: string, lines: string[]) {
  const printWindow = window.open("", "_blank", "width=480,height=640");
  if (!printWindow) return;
  const { document: doc } = printWindow;
  doc.title = title;
  const heading = doc.createElement("h1");
  heading.textContent = title;
  heading.style.font = "600 18px sans-serif";
  const list = doc.createElement("pre");
  list.textContent = lines.join("\n");
  list.style.font = "16px/1.8 monospace";
  doc.body.append(heading, list);
  printWindow.focus();
  printWindow.print();
  printWindow.close();
}

/**
 * Fresh recovery codes, shown once (after the first factor or a new set): download, print, and a button to put them
 * away. The panel takes the focus when it appears, so a screen reader reads the codes and the warning first.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const email = useSession()?.user.email ?? "";
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const header = t("SECURITY.RECOVERY.FILE_HEADER", { email });
  const note = t("SECURITY.RECOVERY.FILE_NOTE", { date: formatDateTime(new Date()) });

  return (
    <Card
      ref={panel}
      tabIndex={-1}
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="recovery-codes"
      style={{ borderColor: "var(--mantine-color-yellow-6)" }}
    >
      <Title id={titleId} order={2} fz="md" fw={600} mb="sm">
        {t("SECURITY.RECOVERY.CODES_TITLE")}
      </Title>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} mb="md">
        {t("SECURITY.RECOVERY.SHOWN_ONCE")}
      </Alert>
      <List
        type="ordered"
        listStyleType="none"
        spacing={4}
        ff="monospace"
        fz="lg"
        style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))", gap: 4 }}
      >
        {codes.map((code) => (
          <List.Item key={code}>
            <Text component="span" ff="monospace" fz="lg" data-testid="recovery-code">
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group mt="lg" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            saveBlob(
              new Blob([recoveryCodesText(codes, header, note)], { type: "text/plain;charset=utf-8" }),
              t("SECURITY.RECOVERY.FILE_NAME"),
            )
          }
        >
          {t("SECURITY.RECOVERY.DOWNLOAD")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => printCodes(header, [note, "", ...codes])}
        >
          {t("SECURITY.RECOVERY.PRINT")}
        </Button>
        <Button onClick={onDone}>{t("SECURITY.RECOVERY.DONE")}</Button>
      </Group>
    </Card>
  );
}
