import { useEffect, useState } from "react";

export type PositionState =
  | { status: "waiting" }
  | { status: "known"; latitude: number; longitude: number; accuracyMetres: number }
  | { status: "failed"; message: string };

/** The device's position, followed while the screen is open (high accuracy: the verdict needs metres, not streets). */
export function usePosition(): PositionState {
  const [state, setState] = useState<PositionState>({ status: "waiting" });
  useEffect(() => {
    if (!("geolocation" in navigator)) {
      setState({ status: "failed", message: "This browser cannot tell where it is: photos will be unverified." });
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) =>
        setState({ status: "known", latitude: coords.latitude, longitude: coords.longitude, accuracyMetres: coords.accuracy }),
      (error) =>
        setState({
          status: "failed",
          message:
            error.code === error.PERMISSION_DENIED
              ? "Location is not allowed for this site: photos will be unverified. Allow it in the browser's settings."
              : "The position cannot be found here yet: photos taken now will be unverified.",
        }),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);
  return state;
}
