import "@mantine/dropzone/styles.css";
import { ActionIcon, Avatar, Box, Group, Input, Stack, Text, Tooltip } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconPhoto, IconPhotoUp, IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImageValue } from "./multipart.ts";

type Props = {
  label: string;
  hint?: string;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  accept: readonly string[];
  maxBytes: number;
  shape?: "circle" | "rectangle";
  /** Already translated (client rejection or the server's message). */
  error?: ReactNode;
  disabled?: boolean;
  inputRef?: (element: HTMLElement | null) => void;
};

const FORMAT_NAMES: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/gif": "GIF",
  "image/svg+xml": "SVG",
};

/** "JPEG, PNG, WebP or GIF" in the current language. */
function formatList(accept: readonly string[], or: string) {
  const names = accept.map((type) => FORMAT_NAMES[type] ?? type.replace(/^image\//, "").toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${or} ${names.at(-1)}` : (names[0] ?? "");
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A preview URL for a chosen file, released when the file changes or the field goes away. */
function useObjectUrl(file: File | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * One image chosen with a drop zone (drag and drop, click or keyboard), checked here for type, size and count
 * and again by the server on its bytes. Shows a preview of the new or the stored picture and a remove button.
 */
export default function ImageField({
  label,
  hint,
  value,
  onChange,
  accept,
  maxBytes,
  shape = "circle",
  error,
  disabled,
  inputRef,
}: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  // Why the last dropped file was refused; translated at render, so a language switch re-words it.
  const [rejection, setRejection] = useState<"count" | "format" | "size" | null>(null);
  const fileUrl = useObjectUrl(value.file);
  const preview = fileUrl ?? (value.remove ? null : value.current);
  const formats = formatList(accept, t("COMMON.OR"));
  const size = formatSize(maxBytes);

  const onReject = (rejections: FileRejection[]) => {
    const codes = new Set(rejections.flatMap((item) => item.errors.map((problem) => problem.code)));
    if (codes.has("too-many-files")) setRejection("count");
    else if (codes.has("file-invalid-type")) setRejection("format");
    else if (codes.has("file-too-large")) setRejection("size");
    else setRejection("format");
  };

  const rejectionText =
    rejection === "count"
      ? t("COMMON.IMAGE_COUNT")
      : rejection === "size"
        ? t("COMMON.IMAGE_TOO_LARGE", { size })
        : rejection === "format"
          ? t("COMMON.IMAGE_FORMAT", { formats })
          : null;
  const shown = rejectionText ?? error;
  const radius = shape === "circle" ? 999 : "md";

  return (
    <Input.Wrapper
      label={<span id={labelId}>{label}</span>}
      labelElement="div"
      description={hint}
      error={shown}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Group align="center" gap="lg" mt={6} wrap="nowrap">
        <Box pos="relative">
          <Avatar
            src={preview}
            alt={preview ? t("COMMON.IMAGE_PREVIEW") : ""}
            size={96}
            radius={radius}
            color="gray"
            variant="light"
          >
            <IconPhoto size={36} stroke={1.4} aria-hidden />
          </Avatar>
          {preview && !disabled && (
            <Tooltip label={t("COMMON.IMAGE_REMOVE")} withArrow>
              <ActionIcon
                pos="absolute"
                top={-6}
                right={-6}
                radius="xl"
                size="sm"
                color="red"
                variant="filled"
                aria-label={t("COMMON.IMAGE_REMOVE")}
                onClick={() => {
                  setRejection(null);
                  onChange({ file: null, current: value.current, remove: value.current !== null });
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </Box>
        <Dropzone
          ref={inputRef}
          role="button"
          aria-labelledby={labelId}
          onDrop={(files) => {
            const file = files[0];
            if (!file) return;
            setRejection(null);
            onChange({ file, current: value.current, remove: false });
          }}
          onReject={onReject}
          accept={[...accept]}
          maxSize={maxBytes}
          maxFiles={1}
          multiple={false}
          useFsAccessApi={false}
          disabled={disabled}
          radius="md"
          style={{ flex: 1 }}
          styles={{ root: { borderColor: shown ? "var(--mantine-color-red-6)" : undefined } }}
        >
          <Group justify="center" gap="md" mih={96} style={{ pointerEvents: "none" }} wrap="nowrap">
            <Dropzone.Accept>
              <IconPhotoUp size={34} color="var(--mantine-color-palco-6)" stroke={1.5} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={34} color="var(--mantine-color-red-6)" stroke={1.5} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhotoUp size={34} color="var(--mantine-color-dimmed)" stroke={1.5} />
            </Dropzone.Idle>
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {value.file ? value.file.name : t("COMMON.IMAGE_DROP")}
              </Text>
              <Text size="xs" c="dimmed">
                {t("COMMON.IMAGE_RULES", { formats, size })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
      </Group>
    </Input.Wrapper>
  );
}
