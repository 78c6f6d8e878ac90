import { ActionIcon, Button, Group } from "@mantine/core";
import { type Icon, IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PagerLinks, PageTarget } from "./page-window.ts";
import { usePhone } from "./use-phone.ts";

/** Button size and gap, in px: nine controls at phone size fit a 390 px window inside the page padding. */
const SIZE = { desktop: 32, phone: 30 } as const;
const GAP = { desktop: 6, phone: 4 } as const;

type Props = {
  page: number;
  links: PagerLinks;
  /** The link (query string) of a page, so pages are real links: shareable, keyboard- and back-button-friendly. */
  hrefFor: (target: PageTarget) => string;
};

function Arrow({
  to,
  label,
  icon: IconComponent,
  size,
}: {
  to: string | null;
  label: string;
  icon: Icon;
  size: number;
}) {
  const common = { variant: "default", size, radius: "md", "aria-label": label } as const;
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

/** First/previous, at most five numbered page links around the current page, next/last (see pagerLinks). */
export function Pagination({ page, links, hrefFor }: Props) {
  const { t } = useTranslation();
  const layout = usePhone() ? "phone" : "desktop";
  const size = SIZE[layout];
  if (links.pages.length <= 1 && !links.next && !links.previous) return null;
  const href = (target: PageTarget | null) => (target ? hrefFor(target) : null);
  return (
    <Group
      component="nav"
      aria-label={t("PAGINATION.LABEL")}
      gap={GAP[layout]}
      // On a phone a pager with long page numbers wraps rather than overflowing the window.
      wrap={layout === "phone" ? "wrap" : "nowrap"}
      justify="center"
    >
      <Arrow to={href(links.first)} label={t("PAGINATION.FIRST")} icon={IconChevronsLeft} size={size} />
      <Arrow to={href(links.previous)} label={t("PAGINATION.PREVIOUS")} icon={IconChevronLeft} size={size} />
      {links.pages.map(({ page: number, target }) => {
        const current = number === page;
        const common = {
          variant: current ? "filled" : "default",
          size: "compact-sm",
          h: size,
          miw: size,
          px: layout === "phone" ? 4 : 8,
          radius: "md",
          "aria-label": t("PAGINATION.PAGE", { page: number }),
          "aria-current": current ? ("page" as const) : undefined,
        } as const;
        if (!target) {
          return (
            <Button key={number} {...common} disabled>
              {number}
            </Button>
          );
        }
        return (
          <Button key={number} {...common} component={Link} to={hrefFor(target)}>
            {number}
          </Button>
        );
      })}
      <Arrow to={href(links.next)} label={t("PAGINATION.NEXT")} icon={IconChevronRight} size={size} />
      <Arrow to={href(links.last)} label={t("PAGINATION.LAST")} icon={IconChevronsRight} size={size} />
    </Group>
  );
}
