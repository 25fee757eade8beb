import { useTranslation } from "~/i18n/use-translation";
import { noticeableOffsetSeconds, type ClockReading } from "./server-clock";

/** Says when the device clock is off (and that the header uses the corrected time), or unmeasurable. */
export function ClockNotice({ reading }: { reading: ClockReading }) {
  const { t } = useTranslation("security-header");
  if (reading.status === "unavailable") {
    return (
      <p className="callout callout--warning" data-testid="clock-notice">
        {t("clockOffset.unavailable")}
      </p>
    );
  }
  const seconds = noticeableOffsetSeconds(reading);
  if (seconds === null) return null;
  // A positive offset means the portal is ahead of the device: the device is behind.
  const key = seconds > 0 ? "clockOffset.behind" : "clockOffset.ahead";
  return (
    <p className="callout" data-testid="clock-notice">
      {t(key, { count: Math.abs(seconds) })}
    </p>
  );
}
