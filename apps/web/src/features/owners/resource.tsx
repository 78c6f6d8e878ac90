import { Box, Group, SimpleGrid, Text } from "@mantine/core";
import type { Owner } from "@palco/shared";
import { isValidClabe, isValidRfc } from "@palco/shared/resources/supply-values";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DecisionHistory, DocumentGallery, ReviewActions } from "@/kit/detail-parts.ts";
import { formatDay } from "@/kit/format.ts";
import { defineResource } from "@/kit/resource.ts";
import { ReviewStatusBadge, useReviewFilterOptions } from "@/kit/review-status.tsx";
import { ownersApi } from "./api.ts";
import { ownersMeta } from "./meta.ts";

const F = "OWNERS.FIELDS";

/** "+52 3312345678": the calling code, then the number as the owner typed it. */
const phone = (owner: Owner) => `+${owner.phoneCountry} ${owner.phone}`;

function BankAccount({ owner }: { owner: Owner }) {
  const { t } = useTranslation();
  const account = owner.bankAccount;
  if (!account) {
    return (
      <Text size="sm" c="dimmed">
        {t("OWNERS.NO_BANK_ACCOUNT")}
      </Text>
    );
  }
  // What a reviewer checks by eye, checked for them: the CLABE's control digit and the holder being the owner.
  const rows: [string, string, string | null][] = [
    [`${F}.BANK_NAME`, account.bankName, null],
    [`${F}.ACCOUNT_NUMBER`, account.accountNumber, null],
    [`${F}.CLABE_NUMBER`, account.clabeNumber, isValidClabe(account.clabeNumber) ? null : "OWNERS.CHECKS.CLABE"],
    [
      `${F}.HOLDER_NAME`,
      account.holderName,
      sameName(account.holderName, owner.fullName) ? null : "OWNERS.CHECKS.HOLDER",
    ],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl" m={0}>
      {rows.map(([label, value, problem]) => (
        <Box key={label}>
          <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
            {t(label)}
          </Text>
          <Box component="dd" m={0} fz="sm">
            <Text
              span
              inherit
              ff={label === `${F}.ACCOUNT_NUMBER` || label === `${F}.CLABE_NUMBER` ? "monospace" : undefined}
            >
              {value}
            </Text>
            {problem && <CheckWarning text={t(problem)} />}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** Names compared as a person reads them: without accents, case or extra spaces. */
const plain = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
const sameName = (a: string, b: string) => plain(a) === plain(b);

/** A problem the screen found in what the owner sent, under the value (a hint for the reviewer, not a verdict). */
function CheckWarning({ text }: { text: string }) {
  return (
    <Group gap={4} mt={4} wrap="nowrap" c="red.8">
      <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text span size="xs" fw={500}>
        {text}
      </Text>
    </Group>
  );
}

function Documents({ owner }: { owner: Owner }) {
  const { t } = useTranslation();
  const documents = [
    { label: t(`${F}.ID_FRONT`), src: owner.ownerIdPictureUrl.front },
    // The back only when the owner sent one (a passport has none).
    { label: t(`${F}.ID_BACK`), src: owner.ownerIdPictureUrl.back },
    { label: t(`${F}.PROOF_OF_RESIDENCY`), src: owner.proofOfResidencyPictureUrl },
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

export default defineResource({
  meta: ownersMeta,
  api: ownersApi,
  recordLabel: (owner: Owner) => owner.fullName,
  list: {
    columns: [
      { key: "id", label: `${F}.NUMBER`, width: 80 },
      { key: "fullName", label: `${F}.NAME`, link: true, sort: "fullName" },
      { key: "email", label: `${F}.EMAIL` },
      { key: "phone", label: `${F}.PHONE`, nowrap: true, value: phone },
      { key: "status", label: `${F}.STATUS`, value: (owner) => <ReviewStatusBadge record={owner} /> },
      { key: "isActive", label: `${F}.ACTIVE`, kind: "boolean", width: 110 },
    ],
    filters: [{ name: "status", label: "REVIEW.FILTER", kind: "select", useOptions: useReviewFilterOptions }],
    phone: { primary: "fullName", secondary: ["status", "email"] },
  },
  detail: {
    // General information (spec 02 §2); the review only while the owner stands rejected.
    fields: [
      { key: "id", label: `${F}.ID` },
      { key: "fullName", label: `${F}.FULL_NAME` },
      { key: "email", label: `${F}.EMAIL` },
      { key: "phone", label: `${F}.PHONE`, value: phone },
      { key: "address", label: `${F}.ADDRESS` },
      {
        key: "rfc",
        label: `${F}.RFC`,
        value: (owner, t) => (
          <>
            {owner.rfc}
            {!isValidRfc(owner.rfc) && <CheckWarning text={t("OWNERS.CHECKS.RFC")} />}
          </>
        ),
      },
      { key: "placeOfBirth", label: `${F}.PLACE_OF_BIRTH` },
      { key: "birthAt", label: `${F}.BIRTH_AT`, value: (owner) => formatDay(owner.birthAt) || "-" },
      { key: "documentType", label: `${F}.DOCUMENT_TYPE`, kind: "enum", enumKey: "OWNERS.DOCUMENT_TYPES" },
      { key: "boxes", label: `${F}.BOXES` },
      { key: "createdAt", label: `${F}.CREATED_AT`, kind: "datetime" },
      {
        key: "review",
        label: `${F}.REVIEW`,
        value: (owner) =>
          owner.status === "returned" && owner.review ? (
            <Text span inherit style={{ whiteSpace: "pre-wrap" }}>
              {owner.review}
            </Text>
          ) : (
            "-"
          ),
      },
    ],
    sections: [
      { key: "bank", title: "OWNERS.SECTIONS.BANK_ACCOUNT", render: (owner) => <BankAccount owner={owner} /> },
      { key: "documents", title: "REVIEW.DOCUMENTS", render: (owner) => <Documents owner={owner} /> },
      {
        key: "decisions",
        title: "REVIEW.DECISIONS",
        render: (owner) => <DecisionHistory decisions={owner.decisions} />,
      },
    ],
    badge: (owner) => <ReviewStatusBadge record={owner} />,
    actions: (owner) => (
      <ReviewActions
        record={owner}
        resource="owners"
        ns="OWNERS"
        permission="OWNERS_CHANGE_STATUS"
        name={owner.fullName}
      />
    ),
  },
});
