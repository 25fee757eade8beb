import { useEffect, useState } from "react";
import { measureClockOffset, type ClockReading } from "./server-clock";

/** Measures the device clock against the portal's once, when the form is shown in a browser. */
export function useServerClock(): ClockReading {
  const [reading, setReading] = useState<ClockReading>({ status: "measuring" });
  useEffect(() => {
    let current = true;
    measureClockOffset()
      .then((offsetMs) => current && setReading({ status: "measured", offsetMs }))
      .catch(() => current && setReading({ status: "unavailable" }));
    return () => {
      current = false;
    };
  }, []);
  return reading;
}
