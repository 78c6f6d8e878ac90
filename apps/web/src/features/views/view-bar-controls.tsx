import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { isListResource } from "@palco/shared/resources/list-names";
import type { SavedView } from "@palco/shared/resources/views";
import { IconBookmark, IconBookmarkPlus, IconDots, IconPencil, IconRefresh, IconTrash } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ErrorAlert } from "@/kit/error-alert.tsx";
import { DoneAlert } from "@/kit/success-banner.tsx";
import { useSession } from "@/lib/session.ts";
import { useDeleteView, useSavedViews, useSaveView } from "./api.ts";
import type { ViewFormValues } from "./view-modal.tsx";
import { currentView, VIEW_PARAM, viewQueryOf } from "./view-query.ts";

type Dialog = "save" | "rename" | "delete" | null;

// The dialogs load when first opened, not with every list.
const ViewModal = lazy(() => import("./view-modal.tsx").then((module) => ({ default: module.ViewModal })));
const ConfirmModal = lazy(() => import("@/kit/confirm-modal.tsx").then((module) => ({ default: module.ConfirmModal })));

/**
 * The saved-view bar's contents (view-bar.tsx loads them after the list's first paint). Above a list: the saved view it shows (by `?view=` or an exact match of its query), with Update / Rename / Delete
 * for whoever may change it (its owner; super-admins any), and "Save view" for the current search, filters and sort.
 */
export function ViewBarControls({ resource }: { resource: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const views = useSavedViews();
  const [params, setParams] = useSearchParams();
  const save = useSaveView();
  const remove = useDeleteView();
  const [dialog, setShownDialog] = useState<Dialog>(null);
  // Once opened, the dialogs stay mounted (for their closing transition).
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const setDialog = (next: Dialog) => {
    if (next) setDialogsUsed(true);
    setShownDialog(next);
  };
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; at: number } | null>(null);
  if (!isListResource(resource)) return null;

  const query = viewQueryOf(params);
  const shown = currentView(views, resource, params);
  const view = shown?.view;
  const mayChange = Boolean(view && (view.mine || session?.user.isSuperAdmin));

  /** Shows the view in the address (so the menu marks it and a reload keeps it), keeping everything else. */
  const pointAt = (id: number | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete(VIEW_PARAM);
        else next.set(VIEW_PARAM, String(id));
        return next;
      },
      { replace: true },
    );

  const create = async ({ name, roleIds }: ViewFormValues) => {
    const saved = await save.mutateAsync({ input: { resource, name, query, roleIds } });
    setDone(t("VIEWS.SAVED", { name: saved.name }));
    pointAt(saved.id);
  };
  const change = async (target: SavedView, values: Partial<ViewFormValues> & { query?: Record<string, string> }) => {
    const saved = await save.mutateAsync({
      id: target.id,
      input: {
        resource,
        name: values.name ?? target.name,
        query: values.query ?? target.query,
        roleIds: values.roleIds ?? target.roleIds,
      },
    });
    setDone(t("VIEWS.UPDATED", { name: saved.name }));
    pointAt(saved.id);
  };
  const updateQuery = async () => {
    if (!view) return;
    try {
      await change(view, { query });
    } catch {
      setFailure({ text: t("VIEWS.SAVE_ERROR"), at: Date.now() });
    }
  };
  const confirmDelete = async () => {
    if (!view) return;
    try {
      await remove.mutateAsync(view.id);
      setDialog(null);
      setDone(t("VIEWS.DELETED", { name: view.name }));
      pointAt(null);
    } catch {
      setDialog(null);
      setFailure({ text: t("VIEWS.DELETE_ERROR"), at: Date.now() });
    }
  };

  const sharing = view
    ? view.owner === null
      ? t("VIEWS.SYSTEM")
      : !view.mine
        ? t("VIEWS.SHARED_BY", { name: view.owner.name })
        : view.roles.length > 0
          ? view.roles.map((role) => role.name).join(", ")
          : t("VIEWS.PRIVATE")
    : null;

  return (
    <Stack gap="xs">
      {done && <DoneAlert text={done} onClose={() => setDone(null)} />}
      {failure && <ErrorAlert message={failure.text} autoHide resetKey={failure.at} />}
      <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="saved-view-bar">
        <Group gap={6} wrap="nowrap" miw={0}>
          {view && (
            <>
              <IconBookmark size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {t("VIEWS.SHOWING")}:
              </Text>
              <Text size="sm" fw={600} truncate="end" data-testid="saved-view-name" title={sharing ?? undefined}>
                {view.name}
              </Text>
              {shown?.changed && (
                <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
                  {t("VIEWS.CHANGED")}
                </Badge>
              )}
              {mayChange && (
                <Menu position="bottom-start" shadow="md" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={t("VIEWS.MENU", { name: view.name })}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconRefresh size={14} />}
                      disabled={!shown?.changed}
                      title={t("VIEWS.UPDATE_HINT")}
                      onClick={() => void updateQuery()}
                    >
                      {t("VIEWS.UPDATE")}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setDialog("rename")}>
                      {t("VIEWS.RENAME")}
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDialog("delete")}>
                      {t("VIEWS.DELETE")}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </>
          )}
        </Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconBookmarkPlus size={14} />}
          disabled={Object.keys(query).length === 0}
          onClick={() => setDialog("save")}
          style={{ flexShrink: 0 }}
        >
          {t("VIEWS.SAVE")}
        </Button>
      </Group>
      {dialogsUsed && (
        <Suspense fallback={null}>
          <ViewModal
            opened={dialog === "save"}
            title={t("VIEWS.SAVE_TITLE")}
            hint={t("VIEWS.SAVE_HINT")}
            initial={{ name: "", roleIds: [] }}
            onSubmit={create}
            onClose={() => setDialog(null)}
          />
          {view && (
            <ViewModal
              opened={dialog === "rename"}
              title={t("VIEWS.RENAME_TITLE")}
              initial={{ name: view.name, roleIds: view.roleIds }}
              knownRoles={view.roles}
              onSubmit={(values) => change(view, values)}
              onClose={() => setDialog(null)}
            />
          )}
          <ConfirmModal
            opened={dialog === "delete"}
            title={t("VIEWS.DELETE_TITLE")}
            confirmLabel={t("VIEWS.DELETE")}
            loading={remove.isPending}
            onConfirm={() => void confirmDelete()}
            onClose={() => setDialog(null)}
          >
            {view ? t("VIEWS.DELETE_CONFIRM", { name: view.name }) : null}
          </ConfirmModal>
        </Suspense>
      )}
    </Stack>
  );
}
