import { ActionIcon, Button, Group } from "@mantine/core";
import { type Icon, IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageWindow } from "./page-window.ts";

type Props = {
  page: number;
  pageCount: number;
  /** The link (query string) of a page, so pages are real links: shareable, keyboard- and back-button-friendly. */
  hrefFor: (page: number) => string;
};

function Arrow({ to, label, icon: IconComponent }: { to: string | null; label: string; icon: Icon }) {
  const common = { variant: "default", size: 32, radius: "md", "aria-label": label } as const;
  if (to === null) {
    return (
      <ActionIcon {...common} disabled>
        <IconComponent size={16} />
      </ActionIcon>
    );
  }
  return (
    <ActionIcon {...common} component={Link} to={to}>
      <IconComponent size={16} />
    </ActionIcon>
  );
}

/** First/previous, at most five numbered page links around the current page, next/last. */
export function Pagination({ page, pageCount, hrefFor }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  return (
    <Group component="nav" aria-label={t("PAGINATION.LABEL")} gap={6} wrap="nowrap">
      <Arrow to={isFirst ? null : hrefFor(1)} label={t("PAGINATION.FIRST")} icon={IconChevronsLeft} />
      <Arrow to={isFirst ? null : hrefFor(page - 1)} label={t("PAGINATION.PREVIOUS")} icon={IconChevronLeft} />
      {pageWindow(page, pageCount).map((number) => {
        const current = number === page;
        return (
          <Button
            key={number}
            component={Link}
            to={hrefFor(number)}
            variant={current ? "filled" : "default"}
            size="compact-sm"
            h={32}
            miw={32}
            px={8}
            radius="md"
            aria-label={t("PAGINATION.PAGE", { page: number })}
            aria-current={current ? "page" : undefined}
          >
            {number}
          </Button>
        );
      })}
      <Arrow to={isLast ? null : hrefFor(page + 1)} label={t("PAGINATION.NEXT")} icon={IconChevronRight} />
      <Arrow to={isLast ? null : hrefFor(pageCount)} label={t("PAGINATION.LAST")} icon={IconChevronsRight} />
    </Group>
  );
}
