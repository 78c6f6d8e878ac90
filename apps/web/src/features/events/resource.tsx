import { Anchor, Group, Text } from "@mantine/core";
import type { Event, EventInput } from "@palco/shared";
import { EVENT_MIN_LEAD_HOURS, EVENT_PERIODS } from "@palco/shared/resources/events-values";
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MIME_TYPES } from "@palco/shared/resources/images";
import { instantToWallTime } from "@palco/shared/time";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AvatarLabel } from "@/kit/avatar.tsx";
import { formatDateTime } from "@/kit/format.ts";
import { emptyImage, type ImageValue, toFormData } from "@/kit/multipart.ts";
import { defineResource, type OptionsState } from "@/kit/resource.ts";
import {
  eventsApi,
  useCategoryChoices,
  useCityFilterOptions,
  useStateFilterOptions,
  useVenueFilterOptions,
  useVenueSelectOptions,
  useVenueTimeZone,
} from "./api.ts";
import { eventsMeta } from "./meta.ts";

const F = "EVENTS.FIELDS";

function usePeriodOptions(): OptionsState {
  const { t } = useTranslation();
  return {
    data: EVENT_PERIODS.map((value) => ({ value, label: t(`EVENTS.PERIODS.${value}`) })),
    isLoading: false,
    isError: false,
  };
}

type EventFormState = {
  picture: ImageValue;
  name: string;
  duration: string;
  startsAt: string;
  venue: string;
  categories: string[];
};

/** The start as the venue's city sees it, in the spec's format (spec 02 §2: D/M/YYYY h:mm:ss A). */
const localStart = (event: Event) => formatDateTime(event.localStartsAt);

/**
 * The earliest start the picker offers: 72 hours from `now`, on the hour after (spec 02 §5), on the clock the
 * server reads the start on, the venue city's (the browser's until a venue is chosen). The hour after is taken on
 * the instant, then read on that clock, so the wall time is never before the 72 hours there.
 */
const earliestStart = (now: Date, timeZone: string | undefined) => {
  const after = new Date(now.getTime() + (EVENT_MIN_LEAD_HOURS + 1) * 3_600_000);
  const wall = timeZone ? instantToWallTime(after, timeZone) : dayjs(after).format("YYYY-MM-DD HH:mm:ss");
  return `${wall.slice(0, 13)}:00:00`;
};

export default defineResource({
  meta: eventsMeta,
  api: eventsApi,
  recordLabel: (event: Event) => event.name,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      {
        key: "name",
        label: `${F}.NAME`,
        link: true,
        sort: "name",
        value: (event) => <AvatarLabel src={event.pictureSmallUrl} name={event.name} radius="sm" />,
      },
      { key: "startsAt", label: `${F}.STARTS_AT`, nowrap: true, sort: "startsAt", value: localStart },
      { key: "state", label: `${F}.STATE`, value: (event) => event.venue.city.state.name },
      { key: "city", label: `${F}.CITY`, value: (event) => event.venue.city.name },
      { key: "venue", label: `${F}.VENUE`, value: (event) => event.venue.name },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 110 },
    ],
    filters: [
      {
        name: "state",
        label: `${F}.STATE`,
        kind: "autocomplete",
        useOptions: useStateFilterOptions,
        resets: ["city", "venue"],
      },
      { name: "city", label: `${F}.CITY`, kind: "autocomplete", useOptions: useCityFilterOptions, resets: ["venue"] },
      { name: "venue", label: `${F}.VENUE`, kind: "autocomplete", useOptions: useVenueFilterOptions },
      { name: "startsAt", label: `${F}.START_DATE`, kind: "date" },
      // Today, this week (from Monday) or this month on each venue's clock, when the list is asked for.
      { name: "period", label: `${F}.PERIOD`, kind: "select", useOptions: usePeriodOptions },
    ],
    phone: { primary: "name", secondary: ["startsAt", "venue"] },
  },
  detail: {
    fields: [
      { key: "pictureUrl", label: `${F}.PICTURE`, kind: "image" },
      { key: "id", label: `${F}.ID` },
      { key: "name", label: `${F}.NAME` },
      {
        key: "startsAt",
        label: `${F}.STARTS_AT`,
        value: (event, t) => (
          <Group gap={6} wrap="wrap">
            <Text span inherit>
              {localStart(event)}
            </Text>
            <Text span size="sm" c="dimmed">
              {t("EVENTS.TIME_ZONE", { zone: event.timeZone })}
            </Text>
          </Group>
        ),
      },
      { key: "duration", label: `${F}.LENGTH`, value: (event, t) => t("EVENTS.HOURS", { count: event.duration }) },
      {
        key: "venue",
        label: `${F}.VENUE`,
        value: (event) => (
          <Anchor component={Link} to={`/venues/${event.venue.id}`}>
            {event.venue.name}
          </Anchor>
        ),
      },
      { key: "categories", label: `${F}.CATEGORIES`, kind: "list" },
      {
        key: "boxes",
        label: `${F}.BOXES`,
        value: (event, t) =>
          event.venue.boxes.length === 0 ? (
            t("EVENTS.NO_BOXES")
          ) : (
            <Group gap="xs">
              {event.venue.boxes.map((box) => (
                <Anchor key={box.id} component={Link} to={`/boxes/${box.id}`}>
                  {`${box.boxZone} ${box.number}`}
                </Anchor>
              ))}
            </Group>
          ),
      },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      { key: "updatedAt", label: `${F}.UPDATED_AT`, kind: "datetime" },
    ],
  },
  form: {
    schema: () => import("./form-schema.ts").then((module) => module.eventForm),
    sections: [
      {
        key: "picture",
        fields: [
          {
            name: "picture",
            label: `${F}.PICTURE`,
            kind: "image",
            accept: CATALOGUE_IMAGE_MIME_TYPES,
            maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
            shape: "rectangle",
            removable: false,
          },
        ],
      },
      {
        key: "general",
        columns: 2,
        fields: [
          { name: "name", label: `${F}.NAME`, kind: "text", maxLength: 150, fullWidth: true },
          {
            name: "startsAt",
            label: `${F}.STARTS_AT`,
            kind: "datetime",
            hint: "EVENTS.HINTS.STARTS_AT",
            minimum: earliestStart,
            clock: { from: "venue", useTimeZone: useVenueTimeZone, hint: "EVENTS.HINTS.STARTS_AT_ZONE" },
          },
          { name: "duration", label: `${F}.DURATION`, kind: "text", type: "number", hint: "EVENTS.HINTS.DURATION" },
          { name: "venue", label: `${F}.VENUE`, kind: "select", searchable: true, useOptions: useVenueSelectOptions },
          {
            name: "categories",
            label: `${F}.CATEGORIES`,
            kind: "multiselect",
            useOptions: useCategoryChoices,
            hint: "EVENTS.HINTS.CATEGORIES",
          },
        ],
      },
    ],
    empty: {
      picture: emptyImage(),
      name: "",
      duration: "",
      startsAt: "",
      venue: "",
      categories: [],
    } satisfies EventFormState,
    fromRecord: (event): EventFormState => ({
      picture: emptyImage(event.pictureUrl),
      name: event.name,
      duration: String(event.duration),
      startsAt: event.localStartsAt,
      venue: String(event.venue.id),
      categories: event.categories.map((category) => String(category.id)),
    }),
    // Multipart (spec 02 §7): categories[] once per category.
    toBody: (values: EventInput & { picture: ImageValue; categories: number[] }) =>
      toFormData({
        name: values.name,
        duration: values.duration as number,
        startsAt: values.startsAt,
        venue: values.venue as number,
        "categories[]": values.categories,
        picture: values.picture?.file ?? undefined,
      }),
    maxWidth: 840,
  },
});
