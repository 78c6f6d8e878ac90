import { Box, Button, Card, Center, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { serverMessages } from "@/lib/api.ts";

/** One message of a thread as the panel draws it. */
export type ChatMessage = {
  id: number | string;
  text: string;
  /** ISO instant. */
  at: string;
  /** Who wrote it, as shown above the text. */
  author: string;
  /** Written by our side (staff): drawn on the right. */
  own: boolean;
};

export type ChatPanelProps = {
  /** The heading: who the thread is with ("Owner"). */
  title: string;
  /** A second line under the heading (their name). */
  subtitle?: ReactNode;
  /** Accessible name of the message box ("Message to the owner"). */
  inputLabel: string;
  /** Oldest first; `undefined` while the newest page loads. */
  messages: ChatMessage[] | undefined;
  formatTime: (at: string) => string;
  /** The newest page could not be loaded: a retry instead of the list. */
  loadFailed?: boolean;
  onRetry?: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Sends a checked, trimmed text; resolves once the server has it (the caller adds it to `messages`). */
  onSend: (text: string) => Promise<unknown>;
  /**
   * Why a text cannot be sent, as a translation key, or null; by default only a blank text is refused. It may answer
   * later (a page that loads its schema only when the member sends).
   */
  validate?: (text: string) => string | null | Promise<string | null>;
  maxLength?: number;
};

/** Within this distance of the end, the list counts as read to the end and follows new messages. */
const AT_END_PX = 32;
const blankRefused = (text: string) => (text.trim() === "" ? "CHAT.MESSAGE_MISSING" : null);

type ScrollMemory = {
  first: ChatMessage["id"] | undefined;
  last: ChatMessage["id"] | undefined;
  height: number;
  top: number;
  atEnd: boolean;
};

/**
 * A conversation: its messages oldest to newest in a list of fixed height (older pages load on demand at the top,
 * without moving what is being read), and a box to answer (Enter sends, Shift+Enter starts a new line). Our side's
 * messages sit on the right. A text the server did not take stays in the box, and a dialog says why. Its texts are
 * the CHAT namespace (i18n/chat.ts), which the feature texts of the screens that show it bring.
 */
export function ChatPanel({
  title,
  subtitle,
  inputLabel,
  messages,
  formatTime,
  loadFailed = false,
  onRetry,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onSend,
  validate = blankRefused,
  maxLength,
}: ChatPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const memory = useRef<ScrollMemory>({ first: undefined, last: undefined, height: 0, top: 0, atEnd: true });
  const followOwnMessage = useRef(false);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sendFailure, setSendFailure] = useState<string | null>(null);

  // Before the browser paints: the first messages open at the end, older ones keep the reader's place, new ones
  // follow when the reader was at the end (or wrote them).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !messages) return;
    const before = memory.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (before.last === undefined || followOwnMessage.current) {
      list.scrollTop = list.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      list.scrollTop = before.top + (list.scrollHeight - before.height);
    } else if (last !== before.last && before.atEnd) {
      list.scrollTop = list.scrollHeight;
    }
    followOwnMessage.current = false;
    memory.current = { first, last, height: list.scrollHeight, top: list.scrollTop, atEnd: isAtEnd(list) };
  }, [messages]);

  const remember = () => {
    const list = listRef.current;
    if (!list) return;
    memory.current = { ...memory.current, height: list.scrollHeight, top: list.scrollTop, atEnd: isAtEnd(list) };
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const refusal = await validate(draft);
      if (refusal) {
        setProblem(refusal);
        inputRef.current?.focus();
        return;
      }
      setProblem(null);
      followOwnMessage.current = true;
      await onSend(draft.trim());
      setDraft("");
    } catch (error) {
      followOwnMessage.current = false;
      setSendFailure(serverMessages(error)?.join("\n") ?? t("CHAT.SEND_ERROR"));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to confirm it.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  let body: ReactNode;
  if (loadFailed) {
    body = (
      <Center h="100%">
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed">
            {t("CHAT.LOAD_ERROR")}
          </Text>
          {onRetry && (
            <Button variant="default" size="xs" onClick={onRetry}>
              {t("COMMON.RETRY")}
            </Button>
          )}
        </Stack>
      </Center>
    );
  } else if (!messages) {
    body = (
      <Stack gap="md" aria-hidden>
        {[false, true, false].map((own, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Stack key={index} gap={4} align={own ? "flex-end" : "flex-start"}>
            <Skeleton height={10} width={120} radius="sm" />
            <Skeleton height={36} width="60%" radius="md" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (messages.length === 0) {
    body = (
      <Center h="100%">
        <Text size="sm" c="dimmed">
          {t("CHAT.EMPTY")}
        </Text>
      </Center>
    );
  } else {
    body = (
      <>
        {hasOlder && (
          <Center mb="sm">
            <Button variant="default" size="xs" loading={loadingOlder} onClick={onLoadOlder}>
              {t("CHAT.LOAD_OLDER")}
            </Button>
          </Center>
        )}
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} time={formatTime(message.at)} />
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Card withBorder radius="md" p={0} component="section" aria-labelledby={titleId}>
      <Box px="md" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Title id={titleId} order={2} fz="md" fw={600}>
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Box>
      {/*
        A plain scrolling box rather than ScrollArea, whose content box is a table that a long unbroken word widens.
        The browser's own scroll anchoring is off: the layout effect keeps the place when older messages arrive.
        Focusable, so the keyboard can scroll it.
      */}
      <Box
        ref={listRef}
        role="log"
        aria-labelledby={titleId}
        aria-busy={(!messages && !loadFailed) || loadingOlder}
        tabIndex={0}
        onScroll={remember}
        h={{ base: 340, sm: 420 }}
        px="md"
        py="sm"
        style={{ overflowY: "auto", overflowAnchor: "none" }}
      >
        {body}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={send}
        px="md"
        py="sm"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
      >
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <Textarea
            ref={inputRef}
            aria-label={inputLabel}
            placeholder={t("CHAT.PLACEHOLDER")}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
            onKeyDown={onKeyDown}
            error={problem && t(problem)}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={maxLength}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            {t("CHAT.SEND")}
          </Button>
        </Group>
      </Box>
      <Modal
        opened={sendFailure !== null}
        onClose={() => setSendFailure(null)}
        title={t("CHAT.SEND_ERROR_TITLE")}
        centered
        radius="md"
        closeButtonProps={{ "aria-label": t("COMMON.CLOSE") }}
        styles={{ title: { fontWeight: 600 } }}
      >
        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
          {sendFailure}
        </Text>
        <Group justify="flex-end" mt="xl">
          <Button onClick={() => setSendFailure(null)} data-autofocus>
            {t("COMMON.CLOSE")}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

const isAtEnd = (list: HTMLElement) => list.scrollHeight - list.scrollTop - list.clientHeight <= AT_END_PX;

function MessageItem({ message, time }: { message: ChatMessage; time: string }) {
  const { own } = message;
  return (
    <Stack component="li" gap={2} align={own ? "flex-end" : "flex-start"}>
      <Text size="xs" c="dimmed" ta={own ? "right" : "left"}>
        <Text span inherit fw={600}>
          {message.author}
        </Text>
        {" · "}
        <time dateTime={message.at}>{time}</time>
      </Text>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={own ? "var(--mantine-primary-color-light)" : "var(--palco-bubble-bg)"}
      >
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.text}
        </Text>
      </Paper>
    </Stack>
  );
}
