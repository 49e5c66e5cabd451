import { projectCategories, projectCategoryLabels } from "../../../shared/project-terms";

/** The lines of business, as the options of a category select. */
export function CategoryOptions() {
  return projectCategories.map((category) => (
    <option key={category} value={category}>
      {projectCategoryLabels[category]}
    </option>
  ));
}
