import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/** History state carried by a redirect: `navigate(to, { state: { success: "COUNTRIES.CREATED" } })`. */
export type FlashState = { success?: string };

export function flash(success: string): { state: FlashState } {
  return { state: { success } };
}

/**
 * Reads a success message passed along on a redirect, keeps it for the page it was shown on, and removes it
 * from the history entry (so a reload or a back/forward does not show it again).
 */
export function useFlashMessage(): [string | null, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState<{ key: string; pathname: string } | null>(null);
  const state = location.state as (FlashState & Record<string, unknown>) | null;
  const success = state?.success;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per incoming message
  useEffect(() => {
    if (!success) return;
    setMessage({ key: success, pathname: location.pathname });
    const { success: _consumed, ...rest } = state ?? {};
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null, preventScrollReset: true },
    );
  }, [success, location.key]);

  const visible = message && message.pathname === location.pathname ? message.key : null;
  return [visible, () => setMessage(null)];
}
