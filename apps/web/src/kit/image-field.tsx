import "@mantine/dropzone/styles.css";
import { Avatar, Box, Button, Group, Input, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { IconPhoto, IconPhotoUp, IconTrash, IconUpload, IconX } from "@tabler/icons-react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
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
  /** Offer "Remove" for the stored picture (not for a required one). */
  removable?: boolean;
  /** Refuse a picture narrower than `width` px at once, with `message` (translated); the server checks again. */
  minWidth?: { width: number; message: string } | undefined;
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

/** "JPEG, PNG or WebP" in the current language. */
function formatList(accept: readonly string[], or: string) {
  const names = accept.map((type) => FORMAT_NAMES[type] ?? type.replace(/^image\//, "").toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${or} ${names.at(-1)}` : (names[0] ?? "");
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The picture's width as shown (EXIF orientation applied), or null when the browser cannot decode it. */
async function imageWidth(file: File): Promise<number | null> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const { width } = bitmap;
    bitmap.close();
    return width;
  } catch {
    return null;
  }
}

/** A preview URL for a chosen file, released when the file changes or the field goes away. */
function useObjectUrl(file: File | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * One image, dropped on a zone or chosen with the button beside it, checked here for type, size and count and again
 * by the server on its bytes. Shows a preview of the new or the stored picture and a remove button.
 */
export default function ImageField({
  label,
  hint,
  value,
  onChange,
  accept,
  maxBytes,
  shape = "circle",
  removable = true,
  minWidth,
  error,
  disabled,
  inputRef,
}: Props) {
  const { t } = useTranslation();
  const fieldId = useId();
  // Input.Wrapper names its parts after its id.
  const labelId = `${fieldId}-label`;
  const rulesId = `${fieldId}-rules`;
  const openFileDialog = useRef<() => void>(null);
  // Why the last dropped file was refused; translated at render, so a language switch re-words it.
  const [rejection, setRejection] = useState<"count" | "format" | "size" | "width" | null>(null);
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
          : rejection === "width"
            ? (minWidth?.message ?? null)
            : null;
  const shown = rejectionText ?? error;
  const describedBy = [hint && `${fieldId}-description`, rulesId, shown && `${fieldId}-error`]
    .filter(Boolean)
    .join(" ");
  const radius = shape === "circle" ? 999 : "md";

  return (
    <Input.Wrapper
      id={fieldId}
      label={label}
      labelElement="div"
      description={hint}
      error={shown}
      inputWrapperOrder={["label", "description", "input", "error"]}
    >
      <Group align="flex-start" gap="lg" mt={6} wrap="nowrap">
        <Avatar
          src={preview}
          alt={preview ? t("COMMON.IMAGE_PREVIEW") : ""}
          size={96}
          radius={radius}
          color="gray"
          variant="light"
          style={{ flexShrink: 0 }}
        >
          <IconPhoto size={36} stroke={1.4} aria-hidden />
        </Avatar>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {/*
           * The zone only receives dropped files and mouse clicks: it is a labelled group, not a button, so the file
           * input inside it is not nested in another control. Keyboard and screen-reader users choose the file with
           * the button beside it.
           */}
          <Dropzone
            role="group"
            aria-labelledby={labelId}
            openRef={openFileDialog}
            onDrop={async (files) => {
              const file = files[0];
              if (!file) return;
              if (minWidth) {
                const width = await imageWidth(file);
                if (width !== null && width < minWidth.width) {
                  setRejection("width");
                  return;
                }
              }
              setRejection(null);
              onChange({ file, current: value.current, remove: false });
            }}
            onReject={onReject}
            accept={[...accept]}
            maxSize={maxBytes}
            maxFiles={1}
            multiple={false}
            useFsAccessApi={false}
            activateOnKeyboard={false}
            inputProps={{ "aria-label": t("COMMON.IMAGE_FILE", { label }) }}
            disabled={disabled}
            radius="md"
            styles={{ root: { borderColor: shown ? "var(--mantine-color-error)" : undefined } }}
          >
            <Group gap="md" mih={64} wrap="nowrap">
              {/* The icon gives way to the text on a phone. */}
              <Box visibleFrom="xs" style={{ flexShrink: 0, lineHeight: 0 }}>
                <Dropzone.Accept>
                  <IconPhotoUp size={30} color="var(--mantine-color-palco-6)" stroke={1.5} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={30} color="var(--mantine-color-error)" stroke={1.5} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconPhotoUp size={30} color="var(--mantine-color-dimmed)" stroke={1.5} aria-hidden />
                </Dropzone.Idle>
              </Box>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {value.file ? value.file.name : t("COMMON.IMAGE_DROP")}
                </Text>
                <Text id={rulesId} size="xs" c="dimmed">
                  {t("COMMON.IMAGE_RULES", { formats, size })}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          <Group gap="xs">
            <Button
              ref={inputRef}
              variant="default"
              size="xs"
              leftSection={<IconUpload size={14} aria-hidden />}
              aria-describedby={describedBy}
              disabled={disabled}
              onClick={() => openFileDialog.current?.()}
            >
              {t("COMMON.IMAGE_CHOOSE")}
            </Button>
            {preview && !disabled && (removable || value.file) && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => {
                  setRejection(null);
                  onChange({ file: null, current: value.current, remove: removable && value.current !== null });
                }}
              >
                {t("COMMON.IMAGE_REMOVE")}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
