import { weatherKinds, weatherLabels } from "../../../shared/project-terms";

/** The choices of a diary entry's 'Weather', the same in the portal's form and the site app's: none, or one kind. */
export function WeatherOptions() {
  return (
    <>
      <option value="">Not recorded</option>
      {weatherKinds.map((kind) => (
        <option key={kind} value={kind}>
          {weatherLabels[kind]}
        </option>
      ))}
    </>
  );
}
