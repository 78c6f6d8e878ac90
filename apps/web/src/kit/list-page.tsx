import { Anchor, Box, Button, Group, Skeleton, Stack, Table, Text, ThemeIcon } from "@mantine/core";
import { PAGE_SIZE } from "@palco/shared/constants";
import { OFFSET_PAGE_LIMIT } from "@palco/shared/resources/paging";
import { IconFilterOff, IconInbox, IconPlus, IconRefresh } from "@tabler/icons-react";
import {
  createContext,
  lazy,
  type MouseEvent,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { ExportMenu } from "@/features/exports/export-menu.tsx";
import { SavedViewBar } from "@/features/views/view-bar.tsx";
import { usePageTitle } from "@/lib/page-title.ts";
import { useCan } from "@/lib/use-can.ts";
import { useBulkActions } from "./bulk-actions.tsx";
import { ErrorAlert } from "./error-alert.tsx";
import { fieldValue } from "./field-value.tsx";
import { ListCard, ListToolbar } from "./list-card.tsx";
import type { ListCards as ListCardsComponent } from "./list-cards.tsx";
import { ListCardsSkeleton } from "./list-cards-skeleton.tsx";
import { ListFilters } from "./list-filters.tsx";
import { listRequest, SORT_PARAM } from "./list-params.ts";
import { ColumnHeader, SortSelect } from "./list-sort.tsx";
import { PageHeader } from "./page-header.tsx";
import { type PageTarget, pagerLinks } from "./page-window.ts";
import { Pagination } from "./pagination.tsx";
import { type Entity, type Resource, resourcePath } from "./resource.ts";
import { useResourceList } from "./resource-queries.ts";
import { SearchInput } from "./search-input.tsx";
import { usePhone } from "./use-phone.ts";

// Cards stand for the table on phones only: desktops never load them.
// (Typed as the generic component it loads: lazy() would fix its row type to Entity.)
const ListCards = lazy(() =>
  import("./list-cards.tsx").then((module) => ({ default: module.ListCards })),
) as unknown as typeof ListCardsComponent;

const INTERACTIVE = "a, button, input, select, textarea, [role=button], [role=checkbox]";
const PAGE_KEYS = ["page", "after", "before"];
const SHOWING = {
  exact: "COMMON.SHOWING",
  capped: "COMMON.SHOWING_CAPPED",
  estimated: "COMMON.SHOWING_ESTIMATED",
} as const;

/**
 * How an action inside a row (a notification's "Mark read") reports a failure: the list's error alert, which hides
 * itself like a load failure's (spec 02 §8). Takes an already translated text.
 */
const ListFeedback = createContext<(text: string) => void>(() => undefined);
export const useListFeedback = () => useContext(ListFeedback);

/** The background of an emphasized row (`list.highlight`). */
const HIGHLIGHT = "var(--mantine-primary-color-light)";

/**
 * A paged list: search (debounced), filters, table, pagination. Page, search and filters live in the query
 * string, so the back button and shared links restore the same view; any search/filter change goes back to page 1.
 * An unpaged list (`list.paged: false`) shows every row the API answers, without pagination. Narrower than the
 * `sm` breakpoint, the rows become compact cards (see PhoneCard) instead of a table clipped in its card.
 */
// biome-ignore lint/suspicious/noExplicitAny: the list page does not look at the detail or form types
export function ListPage<L extends Entity>({ resource }: { resource: Resource<any, any, L> }) {
  const { meta, api, list } = resource;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const title = usePageTitle(`${meta.ns}.TITLE`);
  const [searchParams, setSearchParams] = useSearchParams();
  const canCreate = useCan(meta.permissions.create) && Boolean(resource.form);
  const canShow = useCan(meta.permissions.show);
  const [optionsFailed, setOptionsFailed] = useState(0);
  // Tagged with its list: the page is the same component from one resource's list to the next.
  const [actionFailure, setActionFailure] = useState<{ text: string; at: number; list: string } | null>(null);
  const reportFailure = useCallback(
    (text: string) => setActionFailure({ text, at: Date.now(), list: meta.name }),
    [meta.name],
  );
  const basePath = resourcePath(meta);
  const filters = list.filters ?? [];

  const { page, after, before, search, filterKey, sort, params, ...request } = listRequest(list, searchParams);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey captures the filter values
  const filterValues = useMemo(() => request.filterValues, [filterKey]);
  const paged = list.paged !== false;
  const searchable = list.searchable !== false;
  const query = useResourceList(api, params);
  const data = query.data;
  const hasCriteria = search !== "" || Object.values(filterValues).some(Boolean);

  const navigation = useNavigation();
  const { pathname } = useLocation();
  // A search that settles while the member is already on the way to a record they clicked (its page still loading)
  // must not pull them back to the list.
  const leaving = navigation.state !== "idle" && navigation.location?.pathname !== pathname;

  const update = useCallback(
    (changes: Record<string, string>, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          for (const key of PAGE_KEYS) next.delete(key);
          return next;
        },
        { replace: options?.replace },
      );
    },
    [setSearchParams],
  );
  // A new order starts again at page 1, like a new filter.
  const onSort = useCallback((value: string) => update({ [SORT_PARAM]: value }), [update]);

  const onFilterChange = useCallback(
    (name: string, value: string) => {
      const def = filters.find((candidate) => candidate.name === name);
      const resets = def && (def.kind === "select" || def.kind === "autocomplete") ? (def.resets ?? []) : [];
      update({ [name]: value, ...Object.fromEntries(resets.map((other) => [other, ""])) });
    },
    [filters, update],
  );
  const onOptionsError = useCallback(() => setOptionsFailed((count) => count + 1), []);

  const hrefFor = (target: PageTarget) => {
    const next = new URLSearchParams(searchParams);
    for (const key of PAGE_KEYS) next.delete(key);
    if (target.page > 1) next.set("page", String(target.page));
    if (target.after) next.set("after", target.after);
    if (target.before) next.set("before", target.before);
    const text = next.toString();
    return text ? `?${text}` : basePath;
  };

  const detailPath = (record: L) => `${basePath}/${record.id}`;
  const linkColumn = list.columns.find((column) => column.link) ?? list.columns[0];

  const onRowClick = (event: MouseEvent<HTMLElement>, record: L) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) window.open(detailPath(record), "_blank", "noopener");
    else navigate(detailPath(record));
  };

  // A page past the end (a stale link, or rows deleted meanwhile): go to the last page instead, in place. Only an
  // exact total names the last page, and only a page number opens it.
  const lastPage = data && !query.isPlaceholderData && data.totalKind === "exact" ? data.pageCount : 0;
  const pastTheEnd = paged && !after && !before && lastPage > 0 && page > lastPage && page <= OFFSET_PAGE_LIMIT;
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of PAGE_KEYS) next.delete(key);
        if (lastPage > 1) next.set("page", String(lastPage));
        return next;
      },
      { replace: true },
    );
  }, [pastTheEnd, lastPage, setSearchParams]);

  // While the previous answer stands in for the next one, its cursors belong to another page: no arrows until then.
  const pagerInput = data && {
    ...data,
    page,
    ...(query.isPlaceholderData ? { next: null, previous: null } : {}),
  };

  const items = data?.items ?? [];
  // Row checkboxes, "select all", the bulk action bar and its summary (kit/bulk-actions.tsx).
  const bulk = useBulkActions(resource, items, params, data);
  const columnCount = list.columns.length + (bulk.enabled ? 1 : 0);
  // "from–to" of the rows actually shown (an unpaged answer starts at 1).
  const from = data && items.length > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = items.length > 0 ? from + items.length - 1 : 0;

  const loading = query.isPending || pastTheEnd || (query.isPlaceholderData && items.length === 0);
  const loadingCount = paged ? PAGE_SIZE : 4;
  const emptyState = (
    <Stack align="center" gap="xs" py={48}>
      <ThemeIcon variant="light" color={query.isError ? "red" : "gray"} size={44} radius="xl">
        <IconInbox size={22} />
      </ThemeIcon>
      <Text fw={600}>{query.isError ? t("ERROR_PAGES.LOADING_DATA") : t("COMMON.NO_RESULTS")}</Text>
      {!query.isError && (
        <Text size="sm" c="dimmed">
          {hasCriteria ? t("COMMON.NO_RESULTS_FILTERED") : t("COMMON.NO_RESULTS_EMPTY")}
        </Text>
      )}
      {query.isError ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void query.refetch()}
        >
          {t("COMMON.RETRY")}
        </Button>
      ) : (
        hasCriteria && (
          <Button variant="default" size="xs" onClick={() => setSearchParams(new URLSearchParams())}>
            {t("COMMON.CLEAR_FILTERS")}
          </Button>
        )
      )}
    </Stack>
  );

  let body: React.ReactNode;
  if (loading) {
    body = Array.from({ length: loadingCount }, (_, row) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={row} aria-hidden>
        {bulk.emptyCell}
        {list.columns.map((column) => (
          <Table.Td key={column.key}>
            <Skeleton height={22} radius="sm" width={column.key === "id" ? 28 : "70%"} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (items.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>{emptyState}</Table.Td>
      </Table.Tr>
    );
  } else {
    body = items.map((record) => {
      const highlighted = list.highlight?.(record) ?? false;
      return (
        <Table.Tr
          key={record.id}
          onClick={canShow ? (event) => onRowClick(event, record) : undefined}
          data-highlighted={highlighted || undefined}
          style={{
            ...(canShow ? { cursor: "pointer" } : {}),
            ...(highlighted ? { background: HIGHLIGHT } : {}),
          }}
        >
          {bulk.rowCell(record)}
          {list.columns.map((column) => {
            const value = fieldValue(column, record, t);
            return (
              <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: "nowrap" } : undefined}>
                {canShow && column === linkColumn ? (
                  <Anchor component={Link} to={detailPath(record)} inherit fw={500} c="inherit" underline="hover">
                    {value}
                  </Anchor>
                ) : (
                  value
                )}
              </Table.Td>
            );
          })}
        </Table.Tr>
      );
    });
  }

  return (
    <ListFeedback.Provider value={reportFailure}>
      <PageHeader
        title={title}
        actions={
          <>
            {/* Shown only for the lists the API exports and a member who may list them. */}
            <ExportMenu resource={meta.name} permission={meta.permissions.index} />
            {(canCreate || list.actions) && (
              <>
                {list.actions?.(filterValues)}
                {canCreate && (
                  <Button component={Link} to={`${basePath}/create`} leftSection={<IconPlus size={16} />}>
                    {t(`${meta.ns}.ADD`)}
                  </Button>
                )}
              </>
            )}
          </>
        }
      />
      <Stack gap="md">
        <SavedViewBar resource={meta.name} />
        {query.isError && (
          <ErrorAlert message={t("ERROR_PAGES.LOADING_DATA")} autoHide resetKey={query.errorUpdatedAt} />
        )}
        {optionsFailed > 0 && <ErrorAlert message={t("ERROR_PAGES.LOADING_DATA")} autoHide resetKey={optionsFailed} />}
        {actionFailure?.list === meta.name && (
          <ErrorAlert message={actionFailure.text} autoHide resetKey={actionFailure.at} />
        )}
        {bulk.summary}
        <ListCard>
          {(searchable || filters.length > 0) && (
            <ListToolbar>
              {searchable && (
                <SearchInput
                  value={search}
                  onSearch={(value) => {
                    if (!leaving) update({ search: value });
                  }}
                  label={t("COMMON.SEARCH")}
                  placeholder={t(`${meta.ns}.SEARCH`)}
                />
              )}
              <ListFilters
                filters={filters}
                values={filterValues}
                onChange={onFilterChange}
                onOptionsError={onOptionsError}
              />
              <Button
                variant="subtle"
                color={hasCriteria ? undefined : "gray"}
                leftSection={<IconFilterOff size={16} />}
                disabled={!hasCriteria}
                onClick={() => setSearchParams(new URLSearchParams())}
              >
                {t("COMMON.CLEAR_FILTERS")}
              </Button>
            </ListToolbar>
          )}
          {phone && list.columns.some((column) => column.sort) && (
            <Box px="md" pt="sm">
              <SortSelect columns={list.columns} sort={sort} onSort={onSort} />
            </Box>
          )}
          {bulk.banner}
          {phone ? (
            <Suspense fallback={<ListCardsSkeleton count={loading ? loadingCount : Math.max(items.length, 1)} />}>
              <ListCards
                label={title}
                columns={list.columns}
                linkColumn={linkColumn}
                phone={list.phone}
                items={items}
                loadingCount={loading ? loadingCount : 0}
                empty={emptyState}
                busy={query.isFetching}
                dimmed={query.isPlaceholderData}
                detailPath={canShow ? detailPath : null}
                onCardClick={onRowClick}
                highlight={list.highlight}
                checkbox={bulk.cardCheckbox}
              />
            </Suspense>
          ) : (
            <Table.ScrollContainer minWidth={640} type="native">
              <Table
                aria-label={title}
                aria-busy={query.isFetching}
                highlightOnHover={items.length > 0}
                verticalSpacing="sm"
                horizontalSpacing="md"
                style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}
              >
                <Table.Thead>
                  <Table.Tr>
                    {bulk.headerCell}
                    {list.columns.map((column) => (
                      <ColumnHeader key={column.key} column={column} sort={sort} onSort={onSort} />
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>{body}</Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data && pagerInput && items.length > 0 && !pastTheEnd && (
            <Group
              justify={phone ? "center" : "space-between"}
              p="md"
              gap="sm"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
            >
              <Text size="sm" c="dimmed" aria-live="polite">
                {t(SHOWING[data.totalKind], { from, to, total: data.total.toLocaleString(i18n.language) })}
              </Text>
              {paged && (
                <Box>
                  <Pagination page={page} links={pagerLinks(pagerInput)} hrefFor={hrefFor} />
                </Box>
              )}
            </Group>
          )}
        </ListCard>
        {bulk.bar}
      </Stack>
    </ListFeedback.Provider>
  );
}
