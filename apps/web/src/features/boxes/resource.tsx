import { Anchor, Table, Text } from "@mantine/core";
import type { Box } from "@palco/shared";
import { BOX_TYPES_WITH_PRICE } from "@palco/shared/resources/supply-values";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AvatarLabel } from "@/kit/avatar.tsx";
import { DecisionHistory, DocumentGallery, ImageCarousel, ReviewActions, VenuePin } from "@/kit/detail-parts.ts";
import { formatMoney } from "@/kit/format.ts";
import { defineResource } from "@/kit/resource.ts";
import { ReviewStatusBadge, useReviewFilterOptions } from "@/kit/review-status.tsx";
import { useCityFilterOptions, useVenueFilterOptions } from "@/lib/lookups.ts";
import { boxesApi } from "./api.ts";
import { boxesMeta } from "./meta.ts";

const F = "BOXES.FIELDS";

/** "Platino 101": how staff name a box (zone, then number). */
const boxName = (box: Box) => `${box.boxZone} ${box.number}`;

/** A calendar day ("2026-07-10") as the screens write dates (10/7/2026): a season runs on days, not instants. */
const day = (value: string) => {
  const [year, month, date] = value.split("-").map(Number);
  return `${date}/${month}/${year}`;
};

/** Price and deposit per event, or the note that a season-only box has its prices in its seasons (spec 02 §2). */
const perEvent = (box: Box, amount: string | null, t: (key: string) => string) =>
  BOX_TYPES_WITH_PRICE.includes(box.type) ? (
    formatMoney(amount) || "-"
  ) : (
    <Text span size="sm" c="dimmed">
      {t("BOXES.PRICES_IN_SEASONS")}
    </Text>
  );

function Seasons({ box }: { box: Box }) {
  const { t } = useTranslation();
  if (box.type === "onetime") {
    return (
      <Text size="sm" c="dimmed">
        {t("BOXES.ONLY_SEASONS")}
      </Text>
    );
  }
  if (box.seasons.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("BOXES.NO_SEASONS")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${F}.SEASON_STARTS`)}</Table.Th>
            <Table.Th>{t(`${F}.SEASON_ENDS`)}</Table.Th>
            <Table.Th ta="right">{t(`${F}.PRICE`)}</Table.Th>
            <Table.Th ta="right">{t(`${F}.DEPOSIT`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {box.seasons.map((season) => (
            <Table.Tr key={`${season.seasonStartsAt}-${season.seasonEndsAt}`}>
              <Table.Td>{day(season.seasonStartsAt)}</Table.Td>
              <Table.Td>{day(season.seasonEndsAt)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatMoney(season.price)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatMoney(season.deposit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Pictures({ box }: { box: Box }) {
  const { t } = useTranslation();
  return <ImageCarousel images={box.images} label={t("BOXES.PICTURES_OF", { name: boxName(box) })} />;
}

function Position({ box }: { box: Box }) {
  const { t } = useTranslation();
  return (
    <VenuePin
      src={box.venuePictureUrl}
      width={box.venuePictureWidth}
      height={box.venuePictureHeight}
      x={box.position.x}
      y={box.position.y}
      label={t("BOXES.POSITION_OF", { venue: box.venue.name, name: boxName(box) })}
    />
  );
}

function Documents({ box }: { box: Box }) {
  const { t } = useTranslation();
  const documents = [
    { label: t(`${F}.PROPERTY_TITLE`), src: box.propertyTitlePictureUrl },
    { label: t(`${F}.PROOF_OF_RESIDENCY`), src: box.proofOfResidencyPictureUrl },
  ];
  if (documents.every((document) => !document.src)) {
    return (
      <Text size="sm" c="dimmed">
        {t("REVIEW.NO_DOCUMENTS")}
      </Text>
    );
  }
  return <DocumentGallery documents={documents} />;
}

const text = (value: string | null) =>
  value ? (
    <Text span inherit style={{ whiteSpace: "pre-wrap" }}>
      {value}
    </Text>
  ) : (
    "-"
  );

export default defineResource({
  meta: boxesMeta,
  api: boxesApi,
  recordLabel: boxName,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      {
        key: "number",
        label: `${F}.NUMBER_FIELD`,
        link: true,
        value: (box) => <AvatarLabel src={box.pictureUrl} name={box.number} radius="sm" />,
      },
      { key: "boxZone", label: `${F}.ZONE`, sort: "boxZone" },
      { key: "type", label: `${F}.TYPE`, kind: "enum", enumKey: "BOXES.TYPES" },
      { key: "userName", label: `${F}.OWNER` },
      { key: "venue", label: `${F}.VENUE`, value: (box) => box.venue.name },
      { key: "city", label: `${F}.CITY`, value: (box) => box.city.name },
      { key: "status", label: `${F}.STATUS`, value: (box) => <ReviewStatusBadge record={box} /> },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 110 },
    ],
    filters: [
      { name: "venue", label: `${F}.VENUE`, kind: "autocomplete", useOptions: useVenueFilterOptions },
      { name: "city", label: `${F}.CITY`, kind: "autocomplete", useOptions: useCityFilterOptions, resets: ["venue"] },
      { name: "status", label: "REVIEW.FILTER", kind: "select", useOptions: useReviewFilterOptions },
      { name: "seasons", label: "BOXES.WITH_SEASONS", kind: "switch" },
    ],
    phone: { primary: "number", secondary: ["boxZone", "venue", "status"] },
  },
  detail: {
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "type", label: `${F}.TYPE`, kind: "enum", enumKey: "BOXES.TYPES" },
      { key: "boxZone", label: `${F}.ZONE` },
      { key: "number", label: `${F}.NUMBER_FIELD` },
      { key: "availableSeats", label: `${F}.SEATS` },
      { key: "price", label: `${F}.PRICE`, value: (box, t) => perEvent(box, box.price, t) },
      { key: "deposit", label: `${F}.DEPOSIT`, value: (box, t) => perEvent(box, box.deposit, t) },
      { key: "city", label: `${F}.CITY`, value: (box) => box.city.name },
      {
        key: "venue",
        label: `${F}.VENUE`,
        value: (box) => (
          <Anchor component={Link} to={`/venues/${box.venue.id}`}>
            {box.venue.name}
          </Anchor>
        ),
      },
      {
        key: "owner",
        label: `${F}.OWNER`,
        value: (box) => (
          <Anchor component={Link} to={`/owners/${box.owner.id}`}>
            {box.userName}
          </Anchor>
        ),
      },
      { key: "isShared", label: `${F}.SHARED`, kind: "boolean" },
      { key: "detail", label: `${F}.DETAIL`, value: (box) => text(box.detail) },
      { key: "accessIndications", label: `${F}.ACCESS`, value: (box) => text(box.accessIndications) },
      { key: "cancellationPolicy", label: `${F}.CANCELLATION`, value: (box) => text(box.cancellationPolicy) },
      {
        key: "review",
        label: `${F}.REVIEW`,
        value: (box) => (box.status === "returned" ? text(box.review) : "-"),
      },
    ],
    sections: [
      { key: "seasons", title: "BOXES.SECTIONS.SEASONS", render: (box) => <Seasons box={box} /> },
      { key: "pictures", title: "BOXES.SECTIONS.PICTURES", render: (box) => <Pictures box={box} /> },
      { key: "position", title: "BOXES.SECTIONS.POSITION", render: (box) => <Position box={box} /> },
      { key: "documents", title: "REVIEW.DOCUMENTS", render: (box) => <Documents box={box} /> },
      { key: "decisions", title: "REVIEW.DECISIONS", render: (box) => <DecisionHistory decisions={box.decisions} /> },
    ],
    badge: (box) => <ReviewStatusBadge record={box} />,
    actions: (box) => (
      <ReviewActions record={box} resource="boxes" ns="BOXES" permission="BOXES_CHANGE_STATUS" name={boxName(box)} />
    ),
  },
});
