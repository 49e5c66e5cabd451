import { Link } from "react-router";
import { legalPages } from "../../../shared/legal";

/** The privacy notice and the terms, in every footer. */
export function LegalLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul aria-label="Legal" className={className}>
      {Object.values(legalPages).map((page) => (
        <li key={page.path}>
          <Link to={page.path} className={linkClassName}>
            {page.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
