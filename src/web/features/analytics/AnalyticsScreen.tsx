import { useSearchParams } from "react-router";
import { type Timeframe, timeframeLabels, timeframes } from "../../../shared/analytics";
import { FilterTabs } from "../../components/ui/FilterTabs";
import { SectionCard } from "../../components/ui/SectionCard";
import { ProjectsAnalyticsSection } from "./ProjectsAnalyticsSection";
import { SiteAnalyticsSection } from "./SiteAnalyticsSection";
import { UsersAnalyticsSection } from "./UsersAnalyticsSection";

const isTimeframe = (value: string | null): value is Timeframe => timeframes.includes(value as Timeframe);

/** docs/product.md#security-and-analytics-screens /analytics: accounts, projects and the website over a timeframe kept in the address. */
export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("timeframe");
  const timeframe: Timeframe = isTimeframe(requested) ? requested : "30d";
  return (
    <>
      <FilterTabs
        label="Timeframe"
        options={timeframes.map((value) => ({ value, label: timeframeLabels[value] }))}
        value={timeframe}
        onChange={(value) => setParams({ timeframe: value }, { replace: true })}
      />
      <SectionCard id="accounts" title="Accounts" description="Sign-ups by role and department, and the people who signed in.">
        <UsersAnalyticsSection timeframe={timeframe} />
      </SectionCard>
      <SectionCard
        id="projects"
        title="Projects"
        description="Work started and completed, the projects created in the period with their progress and money, and inquiries."
      >
        <ProjectsAnalyticsSection timeframe={timeframe} />
      </SectionCard>
      <SectionCard
        id="website"
        title="Website"
        description="Counted by the site itself, without cookies or personal data; visitors who ask not to be tracked are not counted. Updated every few minutes."
      >
        <SiteAnalyticsSection timeframe={timeframe} />
      </SectionCard>
    </>
  );
}
