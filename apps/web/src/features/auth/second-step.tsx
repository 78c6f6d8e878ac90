import { Alert, Anchor, Group, Stack } from "@mantine/core";
import type { LoginMfaBody, MfaChallenge } from "@palco/shared";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SecondFactorForm, type SecondFactorProof } from "@/kit/second-factor-form.tsx";
import { ApiError } from "@/lib/api.ts";
import { setSession } from "@/lib/session.ts";
import { loginSecondStep } from "./api.ts";

/** Why the second step failed, as a translation key, for what is not a wrong code (those show under the field). */
function secondStepFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return "AUTH.TOO_MANY_ATTEMPTS";
    if (error.status === 403) return "AUTH.ACCOUNT_INACTIVE";
  }
  return "ERRORS.INTERNAL";
}

/** An expired, used or unknown challenge: the sign-in starts again. */
const challengeGone = (error: unknown) => error instanceof ApiError && error.status === 401;

type SecondStepProps = { challenge: MfaChallenge; onRestart: (failure: string | null) => void };

/** The second step: the passkey, a code from the authenticator app or a recovery code, for the first step's challenge. */
export default function SecondStep({ challenge, onRestart }: SecondStepProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);

  const prove = async (proof: SecondFactorProof) => {
    if (proof.method === "password") return;
    setFailure(null);
    const { data } = await loginSecondStep({ challenge: challenge.challenge, ...proof } as LoginMfaBody);
    setSession(data);
  };

  const onFailure = (error: unknown) => {
    if (challengeGone(error)) onRestart("MFA.CHALLENGE_EXPIRED");
    else setFailure(secondStepFailureText(error));
  };

  return (
    <Stack gap="md">
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t("SECOND_STEP.FAILED_TITLE")}>
          {t(failure)}
        </Alert>
      )}
      <SecondFactorForm
        methods={challenge.methods}
        passkeyOptions={challenge.passkeyOptions}
        onProof={prove}
        onFailure={onFailure}
        submitLabel={t("SECOND_STEP.VERIFY")}
        footer={
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
              {t("SECOND_STEP.BACK")}
            </Anchor>
          </Group>
        }
      />
    </Stack>
  );
}

// Two fields and a button: plain state rather than react-hook-form and zod, which the first page anyone opens
// would otherwise download (see "Bundle budget" in the README).
