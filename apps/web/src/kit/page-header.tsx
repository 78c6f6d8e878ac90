import {
  ActionIcon,
  Anchor,
  Button,
  type ButtonProps,
  Group,
  Menu,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconChevronLeft, IconDots } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePhone } from "./use-phone.ts";

/** An action of the header besides the main one (block, unblock…): a button on wide screens, a menu item on a phone. */
export type HeaderAction = {
  key: string;
  label: string;
  icon?: ReactNode;
  color?: string;
  onClick: () => void;
  /** Why the action cannot be used here (translated): the control stays visible, disabled, and says why. */
  refusal?: string;
};

type Props = {
  title: ReactNode;
  description?: ReactNode;
  /** A small link above the title back to the parent page. */
  parent?: { to: string; label: string };
  badge?: ReactNode;
  /** A "back to the list" button, first of the actions. */
  back?: { to: string; label: string };
  /** Collapsed into a "More actions" menu on a phone, so the header never wraps into rows of buttons. */
  secondaryActions?: HeaderAction[];
  /** The main actions (Edit, Add…): always buttons, last. */
  actions?: ReactNode;
};

/**
 * A disabled button that still takes focus and hover (a `disabled` one gets neither), so its tooltip can say why;
 * the reason is also its accessible description.
 */
export function RefusedButton({ refusal, ...props }: Omit<ButtonProps, "disabled"> & { refusal: string }) {
  const reasonId = useId();
  return (
    <>
      <Tooltip label={refusal} events={{ hover: true, focus: true, touch: true }} multiline maw={280}>
        <Button {...props} data-disabled aria-disabled aria-describedby={reasonId} />
      </Tooltip>
      <VisuallyHidden id={reasonId}>{refusal}</VisuallyHidden>
    </>
  );
}

function SecondaryButtons({ actions }: { actions: HeaderAction[] }) {
  return actions.map((action) =>
    action.refusal ? (
      <RefusedButton
        key={action.key}
        refusal={action.refusal}
        variant="light"
        color={action.color}
        leftSection={action.icon}
      >
        {action.label}
      </RefusedButton>
    ) : (
      <Button key={action.key} variant="light" color={action.color} leftSection={action.icon} onClick={action.onClick}>
        {action.label}
      </Button>
    ),
  );
}

function SecondaryMenu({ actions }: { actions: HeaderAction[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="default" size="input-sm" radius="md" aria-label={t("COMMON.MORE_ACTIONS")}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          // A touch screen has no hover: a refused item shows its reason under its label.
          <Menu.Item
            key={action.key}
            color={action.refusal ? undefined : action.color}
            leftSection={action.icon}
            disabled={Boolean(action.refusal)}
            onClick={action.onClick}
          >
            {action.label}
            {action.refusal && (
              <Text size="xs" c="dimmed" mt={2}>
                {action.refusal}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function PageHeader({ title, description, parent, badge, back, secondaryActions = [], actions }: Props) {
  const phone = usePhone();
  const hasActions = Boolean(back || secondaryActions.length > 0 || actions);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md" wrap="wrap">
      <Stack gap={4} miw={0}>
        {parent && (
          <Anchor component={Link} to={parent.to} size="sm" c="dimmed" underline="hover">
            <Group gap={2} wrap="nowrap">
              <IconChevronLeft size={14} aria-hidden />
              {parent.label}
            </Group>
          </Anchor>
        )}
        {/* The badge goes under a long title rather than being squeezed into "Ac…". */}
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 26 }} fw={650} lh={1.2} miw={0} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {hasActions && (
        <Group gap="sm">
          {back && (
            <Button component={Link} to={back.to} variant="default" leftSection={<IconArrowLeft size={16} />}>
              {back.label}
            </Button>
          )}
          {!phone && <SecondaryButtons actions={secondaryActions} />}
          {actions}
          {phone && secondaryActions.length > 0 && <SecondaryMenu actions={secondaryActions} />}
        </Group>
      )}
    </Group>
  );
}
